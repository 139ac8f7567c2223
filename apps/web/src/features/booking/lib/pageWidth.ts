/**
 * The one column width of the visitor's pages: booking, edit, cancel, not-possible, and the hold banner
 * above them (issue 9 item 4), so nothing jumps in width between them.
 */
export const BOOKING_PAGE_WIDTH = 960;
