import { describe, expect, it } from 'vitest';
import {
  dateSchema,
  dateTimeSchema,
  idParamSchema,
  idSchema,
  MAX_ID,
  multiLineText,
  singleLineText,
} from './primitives.js';

const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('request primitives', () => {
  it('bounds ids to PostgreSQL integer, in bodies and as path text', () => {
    expect(idSchema.safeParse(MAX_ID).success).toBe(true);
    for (const bad of [0, -1, 1.5, MAX_ID + 1, Number.MAX_SAFE_INTEGER])
      expect(messageOf(idSchema.safeParse(bad)), String(bad)).toBe('invalid_id');
    expect(idSchema.safeParse('1').success).toBe(false);
    expect(idParamSchema.parse('42')).toBe(42);
    expect(idParamSchema.safeParse(String(MAX_ID + 1)).success).toBe(false);
    expect(idParamSchema.safeParse('abc').success).toBe(false);
    expect(idParamSchema.safeParse('1e400').success).toBe(false);
  });

  it('keeps control characters out of one-line text, trims, and bounds the length', () => {
    const name = singleLineText(10);
    expect(name.parse('  Jansen ')).toBe('Jansen');
    for (const bad of ['a\u0000b', 'a\tb', 'a\nb', 'a\u001fb', 'a\u007fb'])
      expect(messageOf(name.safeParse(bad)), JSON.stringify(bad)).toBe('invalid_characters');
    expect(name.safeParse('x'.repeat(11)).success).toBe(false);
    expect(name.parse('Łukasz Öz')).toBe('Łukasz Öz');
  });

  it('lets multi-line text keep tabs and newlines, but not NUL', () => {
    const text = multiLineText(100);
    expect(text.parse('line 1\n\tline 2\r\nline 3')).toBe('line 1\n\tline 2\r\nline 3');
    expect(messageOf(text.safeParse('a\u0000b'))).toBe('invalid_characters');
    expect(messageOf(text.safeParse('a\u0007b'))).toBe('invalid_characters');
  });

  it('accepts dates and date-times only in the years 1900–2200', () => {
    expect(dateSchema.safeParse('1900-01-01').success).toBe(true);
    expect(dateSchema.safeParse('2200-12-31').success).toBe(true);
    for (const bad of ['0000-01-01', '1899-12-31', '2201-01-01', '9999-12-31'])
      expect(messageOf(dateSchema.safeParse(bad)), bad).toBe('invalid_date');
    // A malformed date is one issue, not also a wrong year.
    expect(dateSchema.safeParse('31-12-2000').error?.issues).toHaveLength(1);
    expect(dateTimeSchema.safeParse('2026-12-01T09:00:00+01:00').success).toBe(true);
    for (const bad of ['9999-12-31T23:59:59Z', '0000-01-01T00:00:00Z', '2026-12-01T09:00:00'])
      expect(messageOf(dateTimeSchema.safeParse(bad)), bad).toBe('invalid_datetime');
  });
});
