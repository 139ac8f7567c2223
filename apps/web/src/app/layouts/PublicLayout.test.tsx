import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { organisationSchema, type Organisation } from '@balie/shared';
import { apiError, fakeApi } from '../../components/scheduling/test/fakeApi';
import { api } from '../../lib/api';
import { renderRoute, UNBRANDED } from '../../test/renderRoute';

const ORGANISATION = organisationSchema.parse({
  name: 'Gemeente Teststad',
  street: 'Marktplein 7',
  postcode: '1234 AB',
  city: 'Teststad',
  phone: '+31 30 555 0101',
  email: 'balie@teststad.example',
  website: 'https://www.teststad.example',
  registrationOpen: true,
  registerFields: ['birthDay', 'serviceBookNr', 'cardNumber'],
  requireMfaForAdmins: false,
  retentionDays: 30,
  reminders: [{ hoursBefore: 24 }],
  privacyStatement: { nl: '', en: '', de: '' },
  ...UNBRANDED,
});

/** apps/web/index.html's head: the product's icon and colour. */
const PRODUCT_HEAD =
  '<link rel="icon" type="image/svg+xml" href="/favicon.svg" /><meta name="theme-color" content="#0b2d5b" />';

const icon = () => document.head.querySelector('link[rel="icon"]');
const themeColour = () => document.head.querySelector('meta[name="theme-color"]')?.getAttribute('content');

describe('the public pages in the organisation’s colours (issue 34 item 14)', () => {
  beforeEach(() => {
    document.head.insertAdjacentHTML('beforeend', PRODUCT_HEAD);
  });
  afterEach(() => {
    icon()?.remove();
    document.head.querySelector('meta[name="theme-color"]')?.remove();
  });

  it('takes its colour and logo into the browser bar and the tab when the record loads, and back when the logo goes', async () => {
    let organisation: Organisation = { ...ORGANISATION, primaryColour: '#7a1f5c', logoFileId: 9 };
    fakeApi(({ path }) => {
      if (path === '/api/organisation') return { status: 200, body: organisation };
      return apiError(404, 'not_found');
    });
    const { store } = await renderRoute('/cancel-appointment/tok-1');
    await waitFor(() => expect(themeColour()).toBe('#7a1f5c'));
    await waitFor(() => expect(icon()?.getAttribute('href')).toBe('/api/organisation/logo/9'));

    // The admin removes the logo and changes the colour: the record read again brings the product's icon back.
    organisation = { ...organisation, primaryColour: '#1f5c7a', logoFileId: null };
    act(() => {
      store.dispatch(api.util.invalidateTags(['Organisation']));
    });
    await waitFor(() => expect(themeColour()).toBe('#1f5c7a'));
    await waitFor(() => expect(icon()?.getAttribute('href')).toBe('/favicon.svg'));
    expect(icon()?.getAttribute('type')).toBe('image/svg+xml');
  });
});
