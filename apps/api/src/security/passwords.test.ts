import { describe, expect, it } from 'vitest';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './passwords.js';

/** `$argon2id$v=19$m=…,t=…,p=…$`: what decides how long a verify takes. */
const costOf = (encoded: string) => encoded.split('$').slice(1, 4).join('$');

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const encoded = await hashPassword('Right-Pass1');
    expect(costOf(encoded)).toBe('argon2id$v=19$m=19456,t=2,p=1');
    expect(await verifyPassword(encoded, 'Right-Pass1')).toBe(true);
    expect(await verifyPassword(encoded, 'Wrong-Pass1')).toBe(false);
  });

  it('burns unknown-account checks on a real hash of the same cost, so they take as long as real ones', async () => {
    // A malformed dummy would make verify fail at once: an unknown address would answer faster.
    expect(costOf(DUMMY_PASSWORD_HASH)).toBe(costOf(await hashPassword('x')));
    expect(await verifyPassword(DUMMY_PASSWORD_HASH, 'anything')).toBe(false);
  });
});
