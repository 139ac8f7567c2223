import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SetupChecklist } from '@balie/shared';
import {
  apiError,
  fakeApi,
  type FakeAnswer,
  type FakeRequest,
} from '../../../components/scheduling/test/fakeApi';
import { aUser, renderRoute } from '../../../test/renderRoute';

const user = userEvent.setup({ delay: null });
const ADMIN = aUser({
  id: 1,
  email: 'beheer@nieuwdorp.example',
  firstName: null,
  roles: ['ROLE_USER', 'ROLE_ADMIN'],
});
const NOTHING_DONE: SetupChecklist = {
  items: ['organisation', 'desk', 'product', 'booking'].map((key) => ({ key, done: false })),
} as SetupChecklist;

/** The first-run API as the server answers it, with `setup` deciding POST /setup. */
function serveSetup({
  needed = true,
  setup = () => ({ status: 201, body: { token: 'a.b.c', refresh_token: 'r', user: ADMIN } }),
  checklist = NOTHING_DONE,
}: { needed?: boolean; setup?: (r: FakeRequest) => FakeAnswer; checklist?: SetupChecklist } = {}) {
  return fakeApi((request) => {
    if (request.path === '/api/setup' && request.method === 'GET') return { status: 200, body: { needed } };
    if (request.path === '/api/setup' && request.method === 'POST') return setup(request);
    if (request.path === '/api/setup/checklist') return { status: 200, body: checklist };
    if (request.path === '/api/user/current') return { status: 200, body: ADMIN };
    if (request.path === '/api/organisation')
      return {
        status: 200,
        body: {
          name: '',
          street: '',
          postcode: '',
          city: '',
          phone: '',
          email: '',
          website: '',
          registrationOpen: true,
          registerFields: [],
        },
      };
    return apiError(404, 'not_found');
  });
}

async function fillIn() {
  await user.type(
    await screen.findByRole('textbox', { name: /Name of your organisation/ }),
    'Gemeente Nieuwdorp',
  );
  await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'beheer@nieuwdorp.example');
  await user.type(screen.getByLabelText(/^Password/), 'Eerste-Beheer1');
}

describe('first-run setup page (DESIGN §4b)', { timeout: 60_000 }, () => {
  it('takes the token from the link, makes the admin and lands on the dashboard with the checklist', async () => {
    const log = serveSetup();
    const view = await renderRoute('/setup/link-token-0123456789');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up Balie' })).toBeInTheDocument();
    // The link carries the token: nothing to type.
    expect(screen.queryByRole('textbox', { name: /Setup code/ })).not.toBeInTheDocument();
    await fillIn();
    await user.click(screen.getByRole('button', { name: 'Set up and sign in' }));
    await waitFor(() => expect(view.location().pathname).toBe('/home'));
    expect(log.find((r) => r.method === 'POST')?.body).toEqual({
      token: 'link-token-0123456789',
      organisationName: 'Gemeente Nieuwdorp',
      email: 'beheer@nieuwdorp.example',
      password: 'Eerste-Beheer1',
      // The address is optional: left out, it is sent empty.
      street: '',
      postcode: '',
      city: '',
    });
    const checklist = await screen.findByRole('region', { name: 'Get your office ready' });
    expect(within(checklist).getByText('0 of 4 done')).toBeInTheDocument();
  });

  it("asks the organisation's address and sends it with the setup", async () => {
    const log = serveSetup();
    await renderRoute('/setup/link-token-0123456789');
    await fillIn();
    await user.type(screen.getByRole('textbox', { name: 'Street and number' }), 'Dorpsstraat 1');
    await user.type(screen.getByRole('textbox', { name: 'Postcode' }), '9999 ZZ');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Nieuwdorp');
    await user.click(screen.getByRole('button', { name: 'Set up and sign in' }));
    await waitFor(() =>
      expect(log.find((r) => r.method === 'POST')?.body).toMatchObject({
        organisationName: 'Gemeente Nieuwdorp',
        street: 'Dorpsstraat 1',
        postcode: '9999 ZZ',
        city: 'Nieuwdorp',
      }),
    );
  });

  it('asks for the code when the page is opened without a link', async () => {
    const log = serveSetup();
    await renderRoute('/setup');
    await user.type(await screen.findByRole('textbox', { name: /Setup code/ }), 'our-own-setup-code');
    await fillIn();
    await user.click(screen.getByRole('button', { name: 'Set up and sign in' }));
    await waitFor(() =>
      expect(log.find((r) => r.method === 'POST')?.body).toMatchObject({ token: 'our-own-setup-code' }),
    );
  });

  it('says so when the link is not valid, and keeps the form', async () => {
    serveSetup({ setup: () => apiError(403, 'invalid_setup_token') });
    await renderRoute('/setup/wrong-token');
    await fillIn();
    await user.click(screen.getByRole('button', { name: 'Set up and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This setup link is not valid');
    expect(screen.getByRole('button', { name: 'Set up and sign in' })).toBeInTheDocument();
  });

  it('names the field the server refuses (an address already registered)', async () => {
    serveSetup({
      setup: () => ({
        status: 409,
        body: { code: 'conflict', message: 'x', errors: [{ property: 'email', message: 'email_taken' }] },
      }),
    });
    await renderRoute('/setup/some-token');
    await fillIn();
    await user.click(screen.getByRole('button', { name: 'Set up and sign in' }));
    expect(await screen.findByText('An account with this e-mail address already exists')).toBeInTheDocument();
  });

  it('names each broken password rule at the field on blur, as the reset form does', async () => {
    serveSetup();
    await renderRoute('/setup/some-token');
    const password = await screen.findByLabelText(/^Password/);
    await user.type(password, 'kort');
    await user.tab();
    expect(await screen.findByText('The password must be at least 8 characters long')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'langgenoeg1');
    await user.tab();
    expect(
      await screen.findByText('The password must contain at least one special character (such as ! ? @ #)'),
    ).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'langgenoeg!');
    await user.tab();
    expect(
      await screen.findByText('The password must contain at least one capital letter'),
    ).toBeInTheDocument();
  });

  it("shows the server's password refusal at the field (400), not a general error", async () => {
    serveSetup({
      setup: () => ({
        status: 400,
        body: {
          code: 'validation_failed',
          message: 'x',
          errors: [{ property: 'password', message: 'password_capital' }],
        },
      }),
    });
    await renderRoute('/setup/some-token');
    await fillIn();
    await user.click(screen.getByRole('button', { name: 'Set up and sign in' }));
    expect(
      await screen.findByText('The password must contain at least one capital letter'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      'The password must contain at least one capital letter',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends to sign-in once the installation is set up', async () => {
    serveSetup({ needed: false });
    await renderRoute('/setup/old-token');
    expect(await screen.findByText('Balie has been set up already.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Set up and sign in' })).not.toBeInTheDocument();
  });
});

describe('the first-run checklist on the dashboard', { timeout: 60_000 }, () => {
  it('links each item to its screen and ticks what is done', async () => {
    serveSetup({
      checklist: {
        items: [
          { key: 'organisation', done: true },
          { key: 'desk', done: false },
          { key: 'product', done: true },
          { key: 'booking', done: false },
        ],
      },
    });
    await renderRoute('/home', { user: ADMIN });
    const checklist = await screen.findByRole('region', { name: 'Get your office ready' });
    expect(within(checklist).getByText('2 of 4 done')).toBeInTheDocument();
    const items = within(checklist).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining("Fill in your organisation's details (done)"),
      expect.stringContaining('Add a desk with opening hours (to do)'),
      expect.stringContaining('Add a product (done)'),
      expect.stringContaining('Make a test booking (to do)'),
    ]);
    const hrefs = within(checklist)
      .getAllByRole('link')
      .map((l) => l.getAttribute('href'));
    expect(hrefs).toEqual(['/organisation', '/front-desks', '/products', '/new']);
  });

  it('shows the location item when the server names it, before the desks, opening the location it names', async () => {
    serveSetup({
      checklist: {
        items: [
          { key: 'organisation', done: true },
          { key: 'location', done: false, locationId: 7 },
          { key: 'desk', done: false },
          { key: 'product', done: false },
          { key: 'booking', done: false },
          // An item of a newer server that this page has no screen for is left out.
          { key: 'statistics', done: false },
        ],
      } as unknown as SetupChecklist,
    });
    await renderRoute('/home', { user: ADMIN });
    const checklist = await screen.findByRole('region', { name: 'Get your office ready' });
    expect(within(checklist).getByText('1 of 5 done')).toBeInTheDocument();
    const location = within(checklist).getByRole('link', { name: "Fill in your location's address" });
    expect(location).toHaveAttribute('href', '/location/7');
    expect(
      within(checklist)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/organisation', '/location/7', '/front-desks', '/products', '/new']);
  });

  it('links the location item to the list when the server names no one location', async () => {
    serveSetup({
      checklist: {
        items: [
          { key: 'organisation', done: true },
          { key: 'location', done: true },
          { key: 'desk', done: false },
        ],
      },
    });
    await renderRoute('/home', { user: ADMIN });
    const checklist = await screen.findByRole('region', { name: 'Get your office ready' });
    expect(within(checklist).getByRole('link', { name: "Fill in your location's address" })).toHaveAttribute(
      'href',
      '/locations',
    );
  });

  it('is gone once every item is done', async () => {
    const log = serveSetup({ checklist: { items: NOTHING_DONE.items.map((i) => ({ ...i, done: true })) } });
    await renderRoute('/home', { user: ADMIN });
    await waitFor(() => expect(log.some((r) => r.path === '/api/setup/checklist')).toBe(true));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Get your office ready' })).not.toBeInTheDocument();
  });

  it('is never asked for by a user who is no admin', async () => {
    const log = serveSetup();
    await renderRoute('/home', { user: aUser() });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(log.some((r) => r.path === '/api/setup/checklist')).toBe(false);
  });
});
