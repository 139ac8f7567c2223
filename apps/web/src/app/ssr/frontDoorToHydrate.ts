import { FRONT_DOOR_STATE_ID, type FrontDoorState } from '@balie/shared';
import { startLanguage } from '../../lib/i18n';
import { loadTokens } from '../../session/tokenStorage';
import { BOOKING_STORAGE_KEY } from '../../features/booking/store/bookingState';

/**
 * The state the server rendered /new from, when this browser would render exactly that page itself;
 * otherwise null and the app renders on its own (decision 0280). The server cannot see the browser's
 * storage, so it renders what a first visit sees: no session, no booking in progress, the default or the
 * embedded language, /new without a query (a step or a ?items link shows something else).
 */
export function frontDoorToHydrate(): FrontDoorState | null {
  const script = document.getElementById(FRONT_DOOR_STATE_ID);
  if (!script?.textContent) return null;
  if (window.location.pathname !== '/new' || window.location.search !== '') return null;
  const tokens = loadTokens();
  if (tokens.token !== null || tokens.refreshToken !== null) return null;
  if (hasStoredBooking()) return null;
  const state = JSON.parse(script.textContent) as FrontDoorState;
  // The server renders in Dutch; a browser that chose another language, or speaks one (decision 0424),
  // renders on its own in that language.
  return startLanguage() === state.language ? state : null;
}

function hasStoredBooking(): boolean {
  try {
    return window.sessionStorage.getItem(BOOKING_STORAGE_KEY) !== null;
  } catch {
    // No storage: startStore cannot read one either, and neither can have a booking.
    return false;
  }
}
