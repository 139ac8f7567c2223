import { z } from 'zod';
import { emailSchema } from '../auth/schemas.js';
import { newPasswordSchema } from '../auth/password.js';
import { UI_LANGUAGES } from '../constants.js';
import { singleLineText } from '../primitives.js';
import { INVITABLE_ROLES } from '../roles.js';

/** How long an invitation's link works (DESIGN §4b: 7 days, single use). */
export const INVITATION_DAYS = 7;

/** POST /users/invite (admin): a colleague's address, their role, and the language of the mail. */
export const inviteRequestSchema = z.object({
  email: emailSchema,
  role: z.enum(INVITABLE_ROLES),
  language: z.enum(UI_LANGUAGES).optional(),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

/** The admin who sent an invitation, as the users screen and the access review name them. */
export const invitationSenderSchema = z.object({ name: z.string().nullable(), email: z.string() });
export type InvitationSender = z.infer<typeof invitationSenderSchema>;

/**
 * An open invitation as the admin sees it (`GET /users/invitations`); `expired` once its link no longer
 * works (it can still be resent or withdrawn). POST /users/invite answers `{ id, email, expiresAt }` of it.
 */
export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  language: z.enum(UI_LANGUAGES),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
  /**
   * Who sent it: the account's name (null when it has none) and e-mail address; null once that account is
   * gone. An invitation is withdrawn when its sender is deleted or stops being an admin (decision 0414), so
   * null is seen only for one left from before that rule.
   */
  invitedBy: invitationSenderSchema.nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * POST /invitation/{token} (public): the invited colleague's password (the spec's password rules) and,
 * if they give it, their name: colleagues see it in the audit trail and the appointments' history.
 */
export const acceptInvitationRequestSchema = z.object({
  password: newPasswordSchema,
  firstName: singleLineText(100).optional(),
  lastName: singleLineText(100).optional(),
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;
