import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { CallHub } from './call-hub.js';
import { DISPLAY_STREAM_LIMITS } from './stream-limits.js';

/**
 * The per-process cap of decision 0416: counted in memory, so it needs no database (the hub is never
 * asked to listen here).
 */
describe('the display hub of one process', () => {
  const noDatabase = (): Database => {
    throw new Error('not used');
  };
  const log = { warn: () => undefined } as unknown as ConstructorParameters<typeof CallHub>[1];

  it(`holds at most ${DISPLAY_STREAM_LIMITS.perProcess} streams being opened or open; a freed place is taken again`, async () => {
    const hub = new CallHub(noDatabase, log);
    for (let i = 0; i < DISPLAY_STREAM_LIMITS.perProcess; i++) expect(hub.claimPlace()).toBe(true);
    expect(hub.claimPlace()).toBe(false);
    await hub.releasePlace();
    expect(hub.claimPlace()).toBe(true);
    expect(hub.claimPlace()).toBe(false);
  });
});
