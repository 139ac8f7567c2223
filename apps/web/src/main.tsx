import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Roboto is bundled (no font CDN: DESIGN §2 forbids third-party requests from the browser).
import '@fontsource/roboto/latin-300.css';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { App } from './app/App';
import { AppProviders } from './app/providers';
import { startStore } from './app/store';
import { initI18n } from './lib/i18n';
import { prefetchFrontDoor } from './features/booking/api/prefetchFrontDoor';

void initI18n();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
void startStore().then((store) => {
  if (window.location.pathname === '/new') prefetchFrontDoor(store.dispatch);
  createRoot(root).render(
    <StrictMode>
      <AppProviders store={store}>
        <App />
      </AppProviders>
    </StrictMode>,
  );
});
