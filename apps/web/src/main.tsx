import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// Roboto is bundled (no font CDN: DESIGN §2 forbids third-party requests from the browser).
import '@fontsource/roboto/latin-300.css';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { App } from './app/App';
import { AppProviders } from './app/providers';
import { startStore } from './app/store';
import { frontDoorToHydrate } from './app/ssr/frontDoorToHydrate';
import { initI18n } from './lib/i18n';
import { fillFrontDoorCache } from './features/booking/api/frontDoorCache';
import { prefetchFrontDoor } from './features/booking/api/prefetchFrontDoor';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The server rendered /new's first step into #root (decision 0280): take it over when this browser
// would render the same, else render from scratch.
const rendered = frontDoorToHydrate();
void initI18n(rendered ?? undefined);

void startStore().then((store) => {
  const app = (
    <StrictMode>
      <AppProviders store={store}>
        <App />
      </AppProviders>
    </StrictMode>
  );
  if (rendered) {
    fillFrontDoorCache(store.dispatch, rendered);
    hydrateRoot(root, app);
    return;
  }
  root.replaceChildren();
  if (window.location.pathname === '/new') prefetchFrontDoor(store.dispatch);
  createRoot(root).render(app);
});
