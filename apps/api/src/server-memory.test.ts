import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_V8_FLAGS, HEAP_V8_FLAGS, serverV8Flags } from './server-memory.js';

describe('serverV8Flags', () => {
  it('bounds the heap of every server process, and compiles PGlite to baseline code only when embedded', () => {
    expect(serverV8Flags({})).toEqual([...HEAP_V8_FLAGS, ...EMBEDDED_V8_FLAGS]);
    expect(serverV8Flags({ DATABASE_URL: 'postgres://db/balie' })).toEqual(HEAP_V8_FLAGS);
  });

  it('uses only flags this Node’s V8 knows (an unknown one would be ignored without a word)', () => {
    const known = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
    for (const flag of [...HEAP_V8_FLAGS, ...EMBEDDED_V8_FLAGS]) {
      expect(known).toContain(`  ${flag.split('=')[0]} (`);
    }
  });
});
