/**
 * The booking steps in order. A plain list (the zod enum in draftSchema is built from it) so the page can
 * read `?step=` without loading zod on first paint (decision 0245).
 */
export const BOOKING_STEPS = ['products', 'location', 'time', 'details', 'review', 'done'] as const;
