import { z } from 'zod';
import { emailSchema } from '../auth/schemas.js';
import { newPasswordSchema } from '../auth/password.js';
import { plainText, tokenSchema } from '../primitives.js';

/** GET /setup (public): whether this installation still waits for its first admin (DESIGN §4b). */
export const setupStatusSchema = z.object({ needed: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

/**
 * POST /setup: the printed link's token, the first admin's account, the organisation's name and its
 * address (optional, '' when left out): the address is the organisation's and its first location's, so a
 * new office's visitors have somewhere to go from the start (issue 34 item 12, decision 0431). The
 * lengths are those of the organisation's and the location's fields.
 */
export const setupRequestSchema = z.object({
  token: tokenSchema,
  email: emailSchema,
  password: newPasswordSchema,
  organisationName: plainText(200).min(1, 'required'),
  street: plainText(200).default(''),
  postcode: plainText(20).default(''),
  city: plainText(100).default(''),
});
export type SetupRequest = z.infer<typeof setupRequestSchema>;

/**
 * The first-run checklist's items, in the order the dashboard shows them (DESIGN §4b); the web maps each
 * key to its screen.
 */
export const SETUP_CHECKLIST_ITEMS = ['organisation', 'location', 'desk', 'product', 'booking'] as const;
export type SetupChecklistItem = (typeof SETUP_CHECKLIST_ITEMS)[number];

/** GET /setup/checklist (admin): each item done or not, derived from the data (decision 0302). */
export const setupChecklistSchema = z.object({
  items: z.array(
    z.object({
      key: z.enum(SETUP_CHECKLIST_ITEMS),
      done: z.boolean(),
      /**
       * Only on `location`: the location its screen opens — the first active one still without an
       * address, else the only active one; absent when there are several, all addressed (decision 0431).
       */
      locationId: z.number().int().optional(),
    }),
  ),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;
