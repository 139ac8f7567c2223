import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rateLimitHits } from '../db/schema/index.js';
import { RATE_LIMITS } from '../security/rate-limit.js';
import { createTestApp, type TestApp } from '../test/index.js';

/**
 * TRUST_PROXY decides whose address the rate limits count (DESIGN §3): the socket's peer by default, the
 * client named in X-Forwarded-For only when that peer is a trusted proxy.
 */
describe('TRUST_PROXY and the address rate limits count', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** Makes one hold attempt as `remoteAddress` with the given X-Forwarded-For; returns the key counted. */
  async function countedAddress(env: Record<string, string>, remoteAddress: string, forwardedFor: string) {
    t = await createTestApp({ seed: false, env });
    await t.app.inject({
      method: 'POST',
      url: '/api/appointment/make-reservation',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { appointmentItems: [{ productId: 1, amount: 1 }], fromDateTime: '2020-01-06T09:00:00+01:00' },
    });
    const hits = await t.database.db
      .select({ key: rateLimitHits.key })
      .from(rateLimitHits)
      .where(eq(rateLimitHits.bucket, RATE_LIMITS.makeReservation.bucket));
    return hits.map((h) => h.key);
  }

  it('counts the socket address and ignores X-Forwarded-For by default', async () => {
    expect(await countedAddress({}, '127.0.0.1', '203.0.113.5')).toEqual(['127.0.0.1']);
  });

  it('counts the forwarded client behind a trusted proxy address', async () => {
    expect(await countedAddress({ TRUST_PROXY: '127.0.0.1' }, '127.0.0.1', '203.0.113.5')).toEqual([
      '203.0.113.5',
    ]);
  });

  it('ignores X-Forwarded-For from a sender that is not a trusted proxy', async () => {
    expect(await countedAddress({ TRUST_PROXY: '10.0.0.0/8' }, '198.51.100.7', '203.0.113.5')).toEqual([
      '198.51.100.7',
    ]);
  });

  it('walks back through trusted proxies only, so a client cannot prepend an address of its choice', async () => {
    // nginx (127.0.0.1) behind a load balancer (10.1.2.3): the client sent "6.6.6.6" itself.
    const env = { TRUST_PROXY: 'loopback, 10.0.0.0/8' };
    expect(await countedAddress(env, '127.0.0.1', '6.6.6.6, 203.0.113.5, 10.1.2.3')).toEqual(['203.0.113.5']);
  });
});
