import { createAction } from '@reduxjs/toolkit';

/**
 * The banner's countdown reached validTill. Both slices react to it (the reservation is dropped, the draft
 * returns to the time step); it lives apart because the reservation slice imports the draft's actions, so
 * the draft cannot import the reservation slice without a cycle.
 */
export const reservationExpired = createAction('reservation/expired');
