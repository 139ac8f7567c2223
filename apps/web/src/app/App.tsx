import { BrowserRouter } from 'react-router';
import { AppRoutes } from './routing/AppRoutes';
import { useUserLanguage } from '../session/useUserLanguage';

/** The app inside whichever router surrounds it: BrowserRouter below, a StaticRouter on the server (ssr/). */
export function AppContent() {
  useUserLanguage();
  return <AppRoutes />;
}

export function App() {
  return (
    <BrowserRouter>
      <AppContent />
    </BrowserRouter>
  );
}
