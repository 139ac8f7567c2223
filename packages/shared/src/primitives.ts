import { z } from 'zod';

/**
 * The building blocks of every request schema (issue 10: bad input is a 400, never a 500). Each one
 * stops, at the edge, a value that PostgreSQL or the date code would otherwise choke on: ids beyond the
 * `integer` column type, NUL characters (PostgreSQL text cannot hold U+0000) and dates far outside the
 * years anyone books or is born in (the year 9999 overflows date arithmetic).
 */

/** PostgreSQL's `integer` maximum; every id column is `integer` or `serial`. */
export const MAX_ID = 2147483647;
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;

/** A database id in a JSON body: a whole number 1 … 2³¹−1. */
export const idSchema = z.number().int('invalid_id').min(1, 'invalid_id').max(MAX_ID, 'invalid_id');

/** The same id in a path or query string, where it arrives as text. */
export const idParamSchema = z.coerce
  .number()
  .int('invalid_id')
  .min(1, 'invalid_id')
  .max(MAX_ID, 'invalid_id');

/** Path params of `/thing/:id`. */
export const idParamsSchema = z.object({ id: idParamSchema });

/** A positive whole number in a query string (page numbers and the like), bounded so SQL never overflows. */
export const countParamSchema = (max: number) => z.coerce.number().int('invalid_number').min(1).max(max);

/** No C0 control characters (U+0000–U+001F) and no DEL; matching them is the point here. */
// eslint-disable-next-line no-control-regex
const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
/** Multi-line text keeps tab, line feed and carriage return; the other controls stay out. */
// eslint-disable-next-line no-control-regex
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

interface TextMessages {
  /** Message when the value is missing or not a string. */
  required?: string;
  /** Message when it is longer than `max`. */
  tooLong?: string;
}

/** Free text on one line (names, numbers, codes): trimmed, at most `max` characters, no control characters. */
export function singleLineText(max: number, messages: TextMessages = {}) {
  return z
    .string(messages.required ? { error: messages.required } : undefined)
    .trim()
    .max(max, messages.tooLong)
    .regex(SINGLE_LINE, 'invalid_characters');
}

/** Text an admin types: trimmed, bounded, without control characters (they break mails and exports). */
export const plainText = (max: number) => singleLineText(max, { tooLong: 'too_long' });

/** Free text that may span lines (descriptions, notes): tab and newlines allowed, other controls not. */
export function multiLineText(max: number, messages: TextMessages = {}) {
  return z
    .string(messages.required ? { error: messages.required } : undefined)
    .trim()
    .max(max, messages.tooLong)
    .regex(MULTI_LINE, 'invalid_characters');
}

/** A link or refresh token as sent back by the client; only ever hashed, never stored as given. */
export const tokenSchema = z.string().min(1).max(200);

const saneYear = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
};

/** A calendar date `YYYY-MM-DD` in the years 1900–2200 (DESIGN §5). */
export const dateSchema = z.iso.date({ error: 'invalid_date', abort: true }).refine(saneYear, 'invalid_date');

/** ISO 8601 date-time with an offset, as every time on the wire (DESIGN §5), in the years 1900–2200. */
export const dateTimeSchema = z.iso
  .datetime({ offset: true, error: 'invalid_datetime', abort: true })
  .refine(saneYear, 'invalid_datetime');
