import { createAction } from '@reduxjs/toolkit';

/**
 * Logout (or a failed token refresh) dispatches this; every slice returns to its initial state on it,
 * and the store's session listener also resets the RTK Query cache (spec §4: "resets the entire client state").
 */
export const resetAll = createAction('app/resetAll');
