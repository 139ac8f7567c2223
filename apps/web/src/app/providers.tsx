import { Suspense, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { NotifierProvider } from '../components/notifier/NotifierProvider';
import { PageLoader } from '../components/PageLoader';
import type { AppStore } from './store';
import { theme } from './theme';

// No app-wide MUI X LocalizationProvider: the one date picker (components/scheduling/AvailableDateCalendar)
// brings its own, so Luxon and the picker adapter stay out of the first paint of /new (DESIGN §10).
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Suspense fallback={<PageLoader />}>
          <NotifierProvider>{children}</NotifierProvider>
        </Suspense>
      </ThemeProvider>
    </Provider>
  );
}
