/**
 * Whether this document is the booking page framed by the organisation's own website (`/new?embed=1`,
 * DESIGN §4b, decision 0394): decided once, when the document loads, so the flow's later steps (whose
 * addresses the router rewrites) stay embedded. The server render is never embedded (it renders /new
 * without a query only).
 */
const EMBEDDED =
  typeof window !== 'undefined' &&
  window.location.pathname === '/new' &&
  new URLSearchParams(window.location.search).get('embed') === '1' &&
  window.parent !== window;

export function isEmbedded(): boolean {
  return EMBEDDED;
}

/** What the framed page posts to its parent whenever its height changes (the snippet listens for it). */
export const EMBED_HEIGHT_MESSAGE = 'balie:height';
