import { createBrowserRouter } from 'react-router';
import { appRoutes } from './routing/routes';

export const router = createBrowserRouter(appRoutes());
