import { z } from 'zod';

/**
 * Response shapes of the user's sub-resources (spec §3 names them without fields; decision 0014).
 * They are API-only for now; move them to packages/shared/src/users when the web app shows them.
 */
const date = z.string().nullable();
export const memberCardSchema = z.object({
  id: z.number().int(),
  cardNumber: z.string(),
  description: z.string().nullable(),
  validFrom: date,
  validUntil: date,
});
export const qualificationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  issuedOn: date,
  expiresOn: date,
});
export const serviceBookSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  issuedOn: date,
  expiresOn: date,
});
export const sailingTimeSchema = z.object({
  id: z.number().int(),
  vessel: z.string(),
  function: z.string().nullable(),
  fromDate: z.string(),
  untilDate: date,
  days: z.number().int().nullable(),
});
export const relatedSchema = z.object({
  appointments: z.number().int(),
  upcomingAppointments: z.number().int(),
  memberCards: z.number().int(),
  qualifications: z.number().int(),
  serviceBooks: z.number().int(),
  sailingTimes: z.number().int(),
});
