import { createContext } from 'react';

/**
 * Whose site a page belongs to, for the browser tab: the public pages are the organisation's
 * ("Afspraak maken — Gemeente Voorbeeldstad", DESIGN §4b); null on the product's own (admin) side.
 */
export const SiteNameContext = createContext<string | null>(null);
