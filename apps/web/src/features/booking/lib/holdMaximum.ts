import type { Reservation } from '@balie/shared';

/**
 * Whether the hold has been extended as far as the server allows: its validTill has reached the
 * maxValidTill the server sends when HOLD_MAX_MINUTES caps a hold's life (DESIGN §6, decision 0324).
 * Extending it again would change nothing, and when it runs out it cannot be kept.
 */
export function atHoldMaximum(reservation: Reservation | null): boolean {
  if (!reservation?.maxValidTill) return false;
  return Date.parse(reservation.validTill) >= Date.parse(reservation.maxValidTill);
}
