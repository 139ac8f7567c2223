import type { z } from 'zod';
import { updateUserRequestSchema } from '@balie/shared';

/** The part of PATCH /user/{id} the profile page edits. */
export const profileFormSchema = updateUserRequestSchema.pick({
  firstName: true,
  lastName: true,
  initials: true,
  suffix: true,
  phone: true,
  languageId: true,
});
export type ProfileFormValues = z.input<typeof profileFormSchema>;
export const PROFILE_FIELDS = ['firstName', 'lastName', 'initials', 'suffix', 'phone', 'languageId'] as const;
