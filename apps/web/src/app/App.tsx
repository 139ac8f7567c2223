import { BrowserRouter } from 'react-router';
import { AppRoutes } from './routing/AppRoutes';
import { useUserLanguage } from '../session/useUserLanguage';

export function App() {
  useUserLanguage();
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
