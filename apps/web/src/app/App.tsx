import { RouterProvider } from 'react-router';
import { router } from './router';
import { useUserLanguage } from '../session/useUserLanguage';

export function App() {
  useUserLanguage();
  return <RouterProvider router={router} />;
}
