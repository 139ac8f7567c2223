import { describe, expect, it } from 'vitest';
import { EMBEDDED_V8_FLAGS, embeddedV8Flags } from './embedded-memory.js';

describe('embeddedV8Flags', () => {
  it('bounds V8 for the embedded default (no DATABASE_URL)', () => {
    expect(embeddedV8Flags({})).toEqual(EMBEDDED_V8_FLAGS);
    expect(EMBEDDED_V8_FLAGS).toContain('--liftoff-only');
  });

  it('leaves a PostgreSQL process at V8 defaults', () => {
    expect(embeddedV8Flags({ DATABASE_URL: 'postgres://db/balie' })).toEqual([]);
  });
});
