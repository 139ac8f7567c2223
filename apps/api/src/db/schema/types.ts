import { customType } from 'drizzle-orm/pg-core';

/** A half-open time interval [from, until), stored as PostgreSQL `tstzrange`. */
export interface TimeRange {
  from: Date;
  until: Date;
}

/** PostgreSQL prints timestamptz as `2026-12-01 09:00:00+00` (offset may be +05:30); make it ISO 8601. */
function parseTimestamp(text: string): Date {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2})(?::?(\d{2}))?/.exec(
    text.replace(/"/g, ''),
  );
  if (!m) throw new Error(`unexpected timestamp in range: ${text}`);
  return new Date(`${m[1]}T${m[2]}${m[3]}:${m[4] ?? '00'}`);
}

export function parseTimeRange(text: string): TimeRange {
  const inner = text.slice(1, -1);
  const comma = inner.indexOf(',');
  return { from: parseTimestamp(inner.slice(0, comma)), until: parseTimestamp(inner.slice(comma + 1)) };
}

export function formatTimeRange(range: TimeRange): string {
  return `[${range.from.toISOString()},${range.until.toISOString()})`;
}

/** tstzrange column mapped to `{ from, until }`; both drivers hand ranges over as text. */
export const tstzrange = customType<{ data: TimeRange; driverData: string }>({
  dataType: () => 'tstzrange',
  toDriver: formatTimeRange,
  fromDriver: (value) => parseTimeRange(value),
});

/** bytea column as a Buffer (PGlite yields Uint8Array, node-postgres Buffer). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
