import { Suspense, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { useTranslation } from 'react-i18next';
import { NotifierProvider } from '../components/notifier/NotifierProvider';
import { PageLoader } from '../components/PageLoader';
import { localeOf } from '../lib/i18n';
import type { AppStore } from './store';
import { theme } from './theme';

/** Date pickers follow the interface language (Luxon locale). */
function DatesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <LocalizationProvider dateAdapter={AdapterLuxon} adapterLocale={localeOf(i18n.language)}>
      {children}
    </LocalizationProvider>
  );
}

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Suspense fallback={<PageLoader />}>
          <DatesProvider>
            <NotifierProvider>{children}</NotifierProvider>
          </DatesProvider>
        </Suspense>
      </ThemeProvider>
    </Provider>
  );
}
