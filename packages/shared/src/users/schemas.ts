import { z } from 'zod';
import { pageQueryFields, pageSchema } from '../paging.js';
import { mfaChallengeSchema } from '../auth/mfa.js';
import { dateSchema, idSchema, singleLineText } from '../primitives.js';
import { ROLES } from '../roles.js';

export const languageSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  short: z.string(),
  flag: z.string().nullable(),
  icon: z.string().nullable(),
  square_icon: z.string().nullable(),
});
export type Language = z.infer<typeof languageSchema>;

/** The user as the API returns it (spec §3). */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  initials: z.string().nullable(),
  suffix: z.string().nullable(),
  phone: z.string().nullable(),
  relation: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  language: languageSchema.nullable(),
  uiSettings: z.object({ locale: z.string().nullable() }),
  birthDay: z.string().nullable(),
  serviceBookNr: z.string().nullable(),
  cardNumber: z.string().nullable(),
  timezone: z.string().nullable(),
  /** Whether two-step sign-in is on (DESIGN §5). */
  mfaEnabled: z.boolean(),
  /** For admins' eyes only (the access review): the last sign-in, null when never. */
  lastLoginAt: z.string().nullable().optional(),
  /** For admins' eyes only (the access review): when the account was made. */
  createdAt: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
  user: userSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** `POST /login`: signed in, or — with two-step sign-in on — the code step's challenge. */
export const loginAnswerSchema = z.union([loginResponseSchema, mfaChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

const optionalText = (max: number) => singleLineText(max).nullable().optional();

/** PATCH /user/{id}: the fields a person may change on their own profile. */
export const updateUserRequestSchema = z.object({
  firstName: optionalText(100),
  lastName: optionalText(100),
  initials: optionalText(20),
  suffix: optionalText(20),
  phone: z
    .string()
    .trim()
    .max(30)
    .regex(/^[+0-9 ()-]*$/, 'invalid_phone')
    .nullable()
    .optional(),
  relation: optionalText(100),
  birthDay: dateSchema.nullable().optional(),
  serviceBookNr: optionalText(50),
  cardNumber: optionalText(50),
  timezone: optionalText(64),
  /** Language by id (see GET /languages). */
  languageId: idSchema.nullable().optional(),
  uiSettings: z.object({ locale: singleLineText(10).nullable() }).optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/**
 * The access review's filters (decision 0363): admins (and developers) without two-step sign-in, and
 * accounts whose last sign-in — or, never signed in, their creation — is more than 90 days ago.
 */
export const ACCESS_FILTERS = ['admins_without_mfa', 'not_signed_in_90_days'] as const;
export type AccessFilter = (typeof ACCESS_FILTERS)[number];

/** Query of `GET /users_paginated` (decision 0200) and of its CSV, `GET /users/access-review.csv`. */
export const usersPageQuerySchema = z.object({
  ...pageQueryFields,
  search: singleLineText(100).optional(),
  filter: z.enum(ACCESS_FILTERS).optional(),
});

/** Query of `GET /users/access-review.csv`: the list's filters, and the language of its columns. */
export const accessReviewQuerySchema = z.object({
  search: singleLineText(100).optional(),
  filter: z.enum(ACCESS_FILTERS).optional(),
  language: z.enum(['nl', 'en', 'de']).optional(),
});
export type AccessReviewQuery = z.infer<typeof accessReviewQuerySchema>;

/** `?confirmSelf=true` on demote/delete: an admin's explicit second yes to removing their own rights. */
export const confirmSelfQuerySchema = z.object({ confirmSelf: z.enum(['true', 'false']).optional() });

/**
 * `?role=` of promote/demote (DESIGN §5 "Promote/demote take a role"): without it promote makes an admin
 * and demote a plain user, as before. Promote takes staff or admin, demote user or staff.
 */
export const promoteQuerySchema = confirmSelfQuerySchema.extend({
  role: z.enum(['ROLE_STAFF', 'ROLE_ADMIN']).optional(),
});
export const demoteQuerySchema = confirmSelfQuerySchema.extend({
  role: z.enum(['ROLE_USER', 'ROLE_STAFF']).optional(),
});

export const usersPageSchema = pageSchema(userSchema);
export type UsersPage = z.infer<typeof usersPageSchema>;
