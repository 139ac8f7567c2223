import { useLayoutEffect } from 'react';
import { render } from '@testing-library/react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
  type To,
} from 'react-router';
import { organisationSchema, type Language, type User } from '@balie/shared';
import { fakeApi, fakeApiInstalled } from '../components/scheduling/test/fakeApi';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/routing/AppRoutes';
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
/** The record's branding and statement fields as an organisation has them before it sets any. */
export const UNBRANDED = {
  logoFileId: null,
  primaryColour: '#0b2d5b',
  accessibilityEmail: '',
  accessibilityPhone: '',
  accessibilityResponseDays: 5,
  accessibilityComplaintsUrl: '',
  oin: '',
  staffSignIn: null,
};

const ORGANISATION = organisationSchema.parse({
  name: 'Gemeente Voorbeeld',
  street: 'Stadhuisplein 1',
  postcode: '1234 AB',
  city: 'Voorbeeld',
  phone: '+31 20 555 0100',
  email: 'balie@voorbeeld.example',
  website: 'https://www.voorbeeld.example',
  registrationOpen: true,
  registerFields: ['birthDay', 'serviceBookNr', 'cardNumber'],
  requireMfaForAdmins: false,
  retentionDays: 30,
  reminders: [{ hoursBefore: 24 }],
  privacyStatement: { nl: '', en: '', de: '' },
  ...UNBRANDED,
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
    mfaEnabled: false,
    ...overrides,
  };
}

/** Where the rendered app is now, and its navigate function (as a link or Back would move it). */
interface Probe {
  location?: Location;
  navigate?: NavigateFunction;
}

function LocationProbe({ onRender }: { onRender: (probe: Required<Probe>) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    onRender({ location, navigate });
  });
  return null;
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
  const probe: Probe = {};
  const view = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes maintenance={false} />
        <LocationProbe onRender={(seen) => Object.assign(probe, seen)} />
      </MemoryRouter>
    </AppProviders>,
  );
  const location = () => probe.location!;
  const navigate = (to: To | number) => (typeof to === 'number' ? probe.navigate!(to) : probe.navigate!(to));
  return { ...view, store, location, navigate };
}
