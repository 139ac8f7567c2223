import { Suspense, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { NotifierProvider } from '../components/notifier/NotifierProvider';
import { PageLoader } from '../components/PageLoader';
import type { AppStore } from './store';
import { themeFor } from './theme';

// No app-wide MUI X LocalizationProvider: the one date picker (components/scheduling/AvailableDateCalendar)
// brings its own, so Luxon and the picker adapter stay out of the first paint of /new (DESIGN §10).
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  // The language of the i18next in context (the server render has its own); re-renders on a switch. No
  // suspense: the theme needs the language, not the texts.
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  return (
    <Provider store={store}>
      <ThemeProvider theme={themeFor(i18n.language)}>
        <CssBaseline />
        <Suspense fallback={<PageLoader />}>
          <NotifierProvider>{children}</NotifierProvider>
        </Suspense>
      </ThemeProvider>
    </Provider>
  );
}
