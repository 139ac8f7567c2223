import { deriveToken } from '../../security/tokens.js';

/**
 * The key of a location's waiting-room display (decision 0384): an HMAC of the location's id and its
 * key version under the server secret. Renewing raises the version; a copy of the database alone opens
 * no display.
 */
export function displayKeyOf(secret: string, location: { id: number; displayKeyVersion: number }): string {
  return deriveToken(secret, `display:${location.id}:${location.displayKeyVersion}`);
}
