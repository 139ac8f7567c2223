import { z } from 'zod';
import { emailSchema } from '../auth/schemas.js';
import { newPasswordSchema } from '../auth/password.js';
import { plainText, tokenSchema } from '../primitives.js';

/** GET /setup (public): whether this installation still waits for its first admin (DESIGN §4b). */
export const setupStatusSchema = z.object({ needed: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

/** POST /setup: the printed link's token, the first admin's account and the organisation's name. */
export const setupRequestSchema = z.object({
  token: tokenSchema,
  email: emailSchema,
  password: newPasswordSchema,
  organisationName: plainText(200).min(1, 'required'),
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
  items: z.array(z.object({ key: z.enum(SETUP_CHECKLIST_ITEMS), done: z.boolean() })),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;
