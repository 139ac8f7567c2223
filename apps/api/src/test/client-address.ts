let next = 0;

/**
 * A client address of its own (`remoteAddress` of inject()) for each call: tests that create many
 * accounts would otherwise all come from 127.0.0.1 and meet the per-address register limit (DESIGN §6)
 * that only the limit's own test is about.
 */
export function freshClientAddress(): string {
  next += 1;
  return `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`;
}
