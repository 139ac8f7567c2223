import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { organisationSchema, type Language, type User } from '@balie/shared';
import { fakeApi, fakeApiInstalled } from '../components/scheduling/test/fakeApi';
import { AppProviders } from '../app/providers';
import { appRoutes } from '../app/routing/routes';
import { credentialsReceived } from '../session/authSlice';
import { sessionApi } from '../session/sessionApi';
import { makeStore } from '../app/store';

/** GET /api/languages as the server answers it (seeded, so the layouts make no network call). */
export const LANGUAGES: Language[] = [
  {
    id: 251,
    code: 'nl-NL',
    description: 'Nederlands',
    short: 'NL',
    flag: null,
    icon: null,
    square_icon: null,
  },
  { id: 40, code: 'en-GB', description: 'English', short: 'EN', flag: null, icon: null, square_icon: null },
  { id: 55, code: 'de-DE', description: 'Deutsch', short: 'DE', flag: null, icon: null, square_icon: null },
];

/** GET /api/organisation as the demo data fills it: every public page's top bar asks for it. */
const ORGANISATION = organisationSchema.parse({
  name: 'Gemeente Voorbeeld',
  street: 'Stadhuisplein 1',
  postcode: '1234 AB',
  city: 'Voorbeeld',
  phone: '+31 20 555 0100',
  email: 'balie@voorbeeld.example',
  website: 'https://www.voorbeeld.example',
});

/**
 * For a test that serves no API of its own: the organisation answers, every other request fails as it
 * would offline (a network error, which the pages show as such).
 */
function serveOrganisationOnly() {
  fakeApi(({ path }) => {
    if (path === '/api/organisation') return { status: 200, body: ORGANISATION };
    throw new TypeError(`fetch failed: no test server for ${path}`);
  });
}

/** A user as GET /api/user/current returns it. */
export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'anna@example.com',
    firstName: 'Anna',
    lastName: 'de Vries',
    fullName: 'Anna de Vries',
    initials: 'A.',
    suffix: null,
    phone: null,
    relation: null,
    roles: ['ROLE_USER'],
    language: null,
    uiSettings: { locale: null },
    birthDay: null,
    serviceBookNr: null,
    cardNumber: null,
    timezone: null,
    ...overrides,
  };
}

/**
 * Renders the real app routes at `path`. With `user`, the session is seeded as after a login
 * (tokens plus the cached current user), which is exactly what the login call leaves behind.
 * Pages that fetch anything else need a test server (fakeApi, installed before this call: it answers
 * everything, the organisation included); without one only the organisation answers.
 */
export async function renderRoute(path: string, { user }: { user?: User } = {}) {
  if (!fakeApiInstalled()) serveOrganisationOnly();
  const store = makeStore();
  await store.dispatch(sessionApi.util.upsertQueryData('getLanguages', undefined, LANGUAGES));
  if (user) {
    store.dispatch(credentialsReceived({ token: 'access', refresh_token: 'refresh' }));
    await store.dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, user));
  }
  const router = createMemoryRouter(appRoutes(false), { initialEntries: [path] });
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router };
}
