import { z } from 'zod';
import { idSchema as id } from '../primitives.js';

// Kept apart from schemas.ts so that booking/schemas.ts can name a slot's and an appointment's location
// without importing the location requests (which import booking/schemas.ts).

/** A location as a time slot and an appointment name it. */
export const locationRefSchema = z.object({ id, name: z.string() });
export type LocationRef = z.infer<typeof locationRefSchema>;

/** An appointment's location (DESIGN §5): where the visitor goes. */
export const appointmentLocationSchema = locationRefSchema.extend({
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
});
export type AppointmentLocation = z.infer<typeof appointmentLocationSchema>;
