import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { FRONT_DOOR_STATE_ID, type FrontDoorState } from '@balie/shared';
import { api } from '../../lib/api';
import { i18nOptions } from '../../lib/i18n';
import { fillFrontDoorCache } from '../../features/booking/api/frontDoorCache';
import { AppContent } from '../App';
import { AppProviders } from '../providers';
import { MAINTENANCE } from '../routing/routes';
import { makeStore } from '../store';

/**
 * The server build's entry (vite build --ssr, loaded by apps/api on the first GET /new): renders the
 * first step of /new with the app's own components, store and theme into index.html, so the products
 * paint from the HTML instead of after the whole entry chunk has run (decision 0280, DESIGN §10 LCP).
 * Returns null when there is nothing to render: a maintenance build sends every path elsewhere.
 */
export function renderFrontDoor(template: string, state: FrontDoorState): string | null {
  if (MAINTENANCE) return null;
  const i18n = createInstance();
  // The browser's own options, with the embedded texts: no backend, nothing to wait for.
  void i18n.init(i18nOptions(state));
  const store = makeStore();
  fillFrontDoorCache(store.dispatch, state);
  // The browser's emotion cache has the default key 'css': it finds these style tags and does not insert them again.
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const markup = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <I18nextProvider i18n={i18n}>
          <AppProviders store={store}>
            <StaticRouter location="/new">
              <AppContent />
            </StaticRouter>
          </AppProviders>
        </I18nextProvider>
      </CacheProvider>
    </StrictMode>,
  );
  // The cache entries' removal timers would keep this store alive after the reply.
  store.dispatch(api.util.resetApiState());
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(markup));
  // Replaced by functions: a '$' in a product's text must not read as a replacement pattern.
  // The organisation's page from the first byte (DESIGN §4b): its name in the tab, its colour in the bar.
  const title = siteTitle(i18n.t('booking:title'), state.organisation.name);
  return template
    .replace(/<html lang="[^"]*">/, () => `<html lang="${state.language}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta name="theme-color" content="[^"]*"/,
      () => `<meta name="theme-color" content="${escapeHtml(state.organisation.primaryColour)}"`,
    )
    .replace('</head>', () => `${styles}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${markup}</div>` +
        `<script type="application/json" id="${FRONT_DOOR_STATE_ID}">${jsonForHtml(state)}</script>`,
    );
}

/** The browser tab of a public page: "Afspraak maken — Gemeente Voorbeeldstad" (PageFrame says the same). */
function siteTitle(page: string, organisation: string): string {
  return organisation ? `${page} — ${organisation}` : page;
}

/** Text inside an element or an attribute value. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON inside a <script> element: a '<' in any text could close it ('</script>'), so none is left. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
