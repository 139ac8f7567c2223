import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_STATUS, type ApiError, type ErrorCode } from '@balie/shared';

export type FieldError = { property: string; message: string };

/** Default messages; clients translate by `code` (and by each field error's message key). */
const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  validation_failed: 'The request is not valid',
  insufficient_contrast: 'White text on this colour is below the contrast of 4.5:1; choose a darker colour',
  unauthorized: 'Sign in first',
  invalid_credentials: 'The data entered is not known to us',
  forbidden: 'You may not do this',
  not_found: 'Not found',
  timeslot_unavailable: 'Unfortunately, this time slot is no longer available',
  too_many_appointments:
    'This e-mail address already has the most upcoming appointments allowed; cancel one first or use another address',
  change_not_possible: 'Changing your appointment is not possible',
  conflict: 'This conflicts with existing data',
  appointments_affected:
    'This change would leave confirmed appointments outside the schedule: keep or reassign them',
  desk_in_use: 'This desk has had bookings and cannot be deleted; deactivate it instead',
  product_in_use: 'This product has been booked and cannot be deleted; deactivate it instead',
  location_in_use:
    'Desks belong to this location and it cannot be deleted; move or delete them first, or deactivate it',
  category_not_empty: 'This category still holds products; move or delete them first',
  invalid_setup_token: 'This setup link is not valid; use the link the server printed at its start',
  already_set_up: 'This installation has been set up already; sign in instead',
  registration_closed: 'Registration is closed; ask the organisation for an account',
  too_many_files: 'A product holds at most 20 files; delete one first',
  files_too_large: 'A product holds at most 100 MB of files; delete one first',
  mfa_setup_required: 'Turn on two-step sign-in first: this organisation requires it for administrators',
  mfa_not_enabled: 'Turn on two-step sign-in for your own account first',
  mfa_already_enabled: 'Two-step sign-in is already on; turn it off first to set it up again',
  mfa_blocked:
    'Too many wrong codes: signing in with a code is blocked. Reset your password, or ask an administrator to reset your two-step sign-in',
  queue_empty: 'Nobody is waiting whom this desk serves',
  desk_does_not_serve: 'This desk does not serve every product of this visitor',
  password_login_off: "Staff sign in through the organisation's identity provider.",
  provider_not_proven:
    'Password sign-in for staff can be switched off once an admin has signed in through the identity provider.',
  backups_not_embedded:
    'This installation runs on PostgreSQL: back it up with the database’s own tools (pg_dump, point-in-time recovery)',
  reservation_expired: 'Reservation expired.',
  payload_too_large: 'The request is too large',
  unsupported_media_type: 'This content type is not accepted',
  too_many_requests: 'Too many requests, try again later',
  too_many_holds: 'You are holding too many time slots at once; confirm or release one first',
  too_many_waitlist_places:
    'This e-mail address already has the most places on the waiting list allowed (3); leave one first',
  internal_error: 'Something went wrong',
  service_unavailable: 'The service is temporarily unavailable',
};

/** An error with DESIGN §5's shape; throw it from any handler, hook or service. */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly errors?: FieldError[],
  ) {
    super(message ?? DEFAULT_MESSAGES[code]);
    this.statusCode = ERROR_STATUS[code];
  }
  toJSON(): ApiError {
    return {
      code: this.code,
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      ...this.extra,
    };
  }
  /** Further members of the answer, e.g. `appointments` of `appointments_affected`. */
  extra: Record<string, unknown> = {};
}

export function httpError(code: ErrorCode, message?: string, errors?: FieldError[]): HttpError {
  return new HttpError(code, message, errors);
}

/** A 400 naming one field, e.g. `validationError('token', 'object/not-found')`. */
export function validationError(property: string, message: string): HttpError {
  return new HttpError('validation_failed', undefined, [{ property, message }]);
}

/**
 * Message keys for zod issues whose schema gave no message of its own, so every field error is a
 * short key the client can translate (e.g. 'required', 'invalid_uuid'), never English prose.
 */
export function installZodMessageKeys(): void {
  z.config({
    customError: (issue) => {
      switch (issue.code) {
        case 'invalid_type':
          return issue.input === undefined || issue.input === null ? 'required' : 'invalid_type';
        case 'invalid_format':
          return `invalid_${issue.format}`;
        case 'too_small':
          return 'too_small';
        case 'too_big':
          return 'too_big';
        case 'unrecognized_keys':
          return 'unknown_property';
        default:
          return `invalid_${issue.code.replace(/^invalid_/, '')}`;
      }
    },
  });
}

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  503: 'service_unavailable',
};

/** '/appointmentItems/0/amount' → 'appointmentItems.0.amount'; the root itself is 'body' or 'query'. */
function propertyOf(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path || (context === 'querystring' ? 'query' : (context ?? 'body'));
}

/** Maps every error onto DESIGN §5's `{ code, message, errors? }`; bad input is never a 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.toJSON());

    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      const errors = error.validation.map((v) => ({
        property: propertyOf(v.instancePath, context),
        message: v.message ?? 'invalid',
      }));
      return reply.code(400).send(new HttpError('validation_failed', undefined, errors).toJSON());
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send(new HttpError('internal_error').toJSON());
    }

    const status = (error as FastifyError).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      // Fastify's own 4xx: malformed JSON, empty body, wrong content type, body too large, …
      const code = STATUS_CODES[status] ?? 'validation_failed';
      const fastifyCode = (error as FastifyError).code;
      const errors =
        code === 'validation_failed' && fastifyCode?.startsWith('FST_ERR_CTP')
          ? [{ property: 'body', message: 'invalid_json' }]
          : undefined;
      return reply.code(status).send(new HttpError(code, error.message, errors).toJSON());
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(new HttpError('internal_error').toJSON());
  });
}
