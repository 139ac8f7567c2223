import { z } from 'zod';

/** Error codes of DESIGN §5, with their HTTP status. */
export const ERROR_STATUS = {
  validation_failed: 400,
  /** A primary colour on which white text is below 4.5:1 (DESIGN §5 Branding). */
  insufficient_contrast: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  forbidden: 403,
  not_found: 404,
  timeslot_unavailable: 409,
  /** The e-mail address already has MAX_OPEN_APPOINTMENTS_PER_EMAIL confirmed appointments ahead (DESIGN §6). */
  too_many_appointments: 409,
  change_not_possible: 409,
  conflict: 409,
  /** A schedule change would leave confirmed future appointments outside the schedule (DESIGN §4). */
  appointments_affected: 409,
  /** A desk that has had bookings cannot be deleted; deactivate it instead. */
  desk_in_use: 409,
  /** A product that has been booked cannot be deleted; deactivate it instead. */
  product_in_use: 409,
  /** A location that desks belong to cannot be deleted; move or delete the desks, or deactivate it. */
  location_in_use: 409,
  /** A category that still holds products cannot be deleted. */
  category_not_empty: 409,
  /** POST /setup with a token that is not this installation's setup token (DESIGN §4b first run). */
  invalid_setup_token: 403,
  /** POST /setup once an admin exists. */
  already_set_up: 409,
  /** POST /register while the organisation has public registration switched off. */
  registration_closed: 403,
  /** A product holds at most 20 files (DESIGN §6). */
  too_many_files: 409,
  /** A product's files together are at most 100 MB (DESIGN §6). */
  files_too_large: 409,
  /** A signed-in admin who must first turn on two-step sign-in (organisation `requireMfaForAdmins`). */
  mfa_setup_required: 403,
  /** Turning on `requireMfaForAdmins` as an admin who has no two-step sign-in themselves. */
  mfa_not_enabled: 409,
  /** Starting a setup while two-step sign-in is already on (turn it off first). */
  mfa_already_enabled: 409,
  /** POST /queue/call without an entry: nobody waits at the desk's location whom that desk serves. */
  queue_empty: 409,
  /** POST /queue/call of an entry with a product the desk does not serve (DESIGN §4b). */
  desk_does_not_serve: 409,
  /**
   * The code step of an account after 20 wrong codes within 24 hours: every code is refused until the
   * password is reset or an admin resets the two-step sign-in (issue 34, decision 0418).
   */
  mfa_blocked: 423,
  /**
   * A staff or admin account's password sign-in while the organisation has switched it off: they sign in
   * through the organisation's identity provider (DESIGN §4c).
   */
  password_login_off: 403,
  /**
   * Switching password sign-in for staff off before an admin has signed in through the provider as it is
   * now set (the last admin never locks everyone out, DESIGN §4c).
   */
  provider_not_proven: 409,
  /** POST /backups on PostgreSQL: its backups are the database's own, pg_dump or PITR (decision 0471). */
  backups_not_embedded: 409,
  reservation_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  /** The client address already has MAX_HOLDS_PER_CLIENT valid holds (DESIGN §6). */
  too_many_holds: 429,
  too_many_waitlist_places: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ property: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
