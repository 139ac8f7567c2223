import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { invitationSchema, usersPageSchema, type Invitation, type User } from '@balie/shared';
import {
  apiError,
  fakeApi,
  type FakeAnswer,
  type FakeRequest,
} from '../../../components/scheduling/test/fakeApi';
import { i18n } from '../../../lib/i18n';
import deUsers from '../../../../public/locales/de/users.json';
import nlUsers from '../../../../public/locales/nl/users.json';
import { captureDownloads } from '../../../test/downloads';
import { aUser, renderRoute } from '../../../test/renderRoute';

vi.setConfig({ testTimeout: 60_000 });

const admin = aUser({ id: 1, roles: ['ROLE_ADMIN'], fullName: 'Anna de Vries', email: 'admin@example.com' });
const jan = aUser({ id: 2, roles: ['ROLE_USER'], fullName: 'Jan Jansen', email: 'user@example.com' });
const invitation = (overrides: Partial<Invitation> = {}): Invitation =>
  invitationSchema.parse({
    id: 5,
    email: 'desk@example.org',
    role: 'ROLE_STAFF',
    language: 'nl',
    createdAt: '2030-03-05T10:00:00+01:00',
    expiresAt: '2030-03-12T10:00:00+01:00',
    expired: false,
    invitedBy: { name: 'Anna de Vries', email: 'admin@example.com' },
    ...overrides,
  });

/** The users API as DESIGN §5 answers it, with `invitations` open; `routes` answer first. */
function server(
  { users = [admin, jan], invitations = [] as Invitation[] } = {},
  routes: Record<string, (r: FakeRequest) => FakeAnswer> = {},
) {
  return fakeApi((request) => {
    const key = `${request.method} ${request.path.replace(/\?.*/, '')}`;
    const own = routes[key];
    if (own) return own(request);
    if (key === 'GET /api/users_paginated')
      return {
        status: 200,
        body: usersPageSchema.parse({ items: users, total: users.length, page: 1, pageSize: 10 }),
      };
    if (key === 'GET /api/users/invitations') return { status: 200, body: invitations };
    if (key === 'GET /api/user/current') return { status: 200, body: admin };
    return apiError(404, 'not_found');
  });
}

const rowOf = async (name: string) => (await screen.findByText(new RegExp(`^${name}`))).closest('tr')!;

describe('users screen', () => {
  it('marks one’s own row with (you) and shows each account’s role', async () => {
    server({
      users: [admin, jan, aUser({ id: 3, fullName: 'Daan Desk', roles: ['ROLE_USER', 'ROLE_STAFF'] })],
    });
    await renderRoute('/users', { user: admin });
    expect(await screen.findByText('Anna de Vries (you)')).toBeInTheDocument();
    expect(within(await rowOf('Daan Desk')).getAllByText('Staff')[0]).toBeInTheDocument();
    expect(within(await rowOf('Jan Jansen')).getAllByText('User')[0]).toBeInTheDocument();
    expect(screen.getByText('1–3 of 3')).toBeInTheDocument();
  });

  it('invites a colleague with a role and the mail’s language, and names a taken address', async () => {
    let answer: FakeAnswer = {
      status: 409,
      body: { code: 'conflict', message: 'taken', errors: [{ property: 'email', message: 'email_taken' }] },
    };
    const log = server({}, { 'POST /api/users/invite': () => answer });
    const user = userEvent.setup({ delay: null });
    await renderRoute('/users', { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Invite a colleague' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a colleague' });
    expect(dialog).toHaveAccessibleDescription(/valid for 7 days/);
    const send = within(dialog).getByRole('button', { name: 'Send invitation' });
    expect(send).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /^Staff/ })).toBeChecked();
    await user.type(within(dialog).getByLabelText(/e-mail address/), 'user@example.com');
    await user.click(within(dialog).getByRole('radio', { name: /^Admin/ }));
    await user.selectOptions(within(dialog).getByLabelText('Language of the e-mail'), 'de');
    await user.click(send);
    expect(
      await within(dialog).findByText('An account with this e-mail address already exists'),
    ).toBeVisible();

    answer = { status: 201, body: invitation({ email: 'colleague@example.org', role: 'ROLE_ADMIN' }) };
    await user.clear(within(dialog).getByLabelText(/e-mail address/));
    await user.type(within(dialog).getByLabelText(/e-mail address/), 'colleague@example.org');
    await user.click(send);
    expect(await screen.findByText('Invitation sent to colleague@example.org.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(log.filter((r) => r.path === '/api/users/invite').map((r) => r.body)).toEqual([
      { email: 'user@example.com', role: 'ROLE_ADMIN', language: 'de' },
      { email: 'colleague@example.org', role: 'ROLE_ADMIN', language: 'de' },
    ]);
    // The list of open invitations is asked for again.
    expect(log.filter((r) => r.path === '/api/users/invitations').length).toBeGreaterThan(1);
  });

  it('lists open invitations, resends one and withdraws one after asking', async () => {
    const log = server(
      { invitations: [invitation(), invitation({ id: 6, email: 'late@example.org', expired: true })] },
      {
        'POST /api/users/invitation/5/resend': () => ({ status: 200, body: invitation() }),
        'DELETE /api/users/invitation/6': () => ({ status: 204 }),
      },
    );
    const user = userEvent.setup({ delay: null });
    await renderRoute('/users', { user: admin });
    const section = await screen.findByRole('region', { name: 'Open invitations' });
    const first = (await within(section).findByText('desk@example.org')).closest('li')!;
    expect(first).toHaveTextContent(
      /Staff · link valid until .*2030 · by Anna de Vries \(admin@example\.com\)/,
    );
    const late = within(section).getByText('late@example.org').closest('li')!;
    expect(within(late).getByText('Expired')).toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Send again: desk@example.org' }));
    expect(await screen.findByText('Invitation sent again to desk@example.org.')).toBeInTheDocument();

    await user.click(within(late).getByRole('button', { name: 'Withdraw: late@example.org' }));
    const ask = await screen.findByRole('dialog', { name: 'Withdraw the invitation for late@example.org?' });
    await user.click(within(ask).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The invitation for late@example.org was withdrawn.')).toBeInTheDocument();
    expect(log.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/users/invitation/5/resend',
      'DELETE /api/users/invitation/6',
    ]);
  });

  it('names who sent each invitation: name and address, the address alone, or a deleted account', async () => {
    server({
      invitations: [
        invitation(),
        invitation({
          id: 6,
          email: 'nameless@example.org',
          invitedBy: { name: null, email: 'ops@example.org' },
        }),
        invitation({ id: 7, email: 'orphan@example.org', role: 'ROLE_ADMIN', invitedBy: null }),
      ],
    });
    await renderRoute('/users', { user: admin });
    const section = await screen.findByRole('region', { name: 'Open invitations' });
    const item = async (email: string) => (await within(section).findByText(email)).closest('li')!;
    expect(await item('desk@example.org')).toHaveTextContent('by Anna de Vries (admin@example.com)');
    expect(await item('nameless@example.org')).toHaveTextContent(
      /Staff · link valid until .* · by ops@example\.org(?! \()/,
    );
    expect(await item('orphan@example.org')).toHaveTextContent(
      /Admin · link valid until .* · by a deleted account/,
    );
  });

  it('names the sender in Dutch and German too', async () => {
    for (const [language, text, deleted] of [
      ['nl', 'door Anna de Vries (admin@example.com)', 'door een verwijderd account'],
      ['de', 'von Anna de Vries (admin@example.com)', 'von einem gelöschten Konto'],
    ] as const) {
      server({
        invitations: [invitation(), invitation({ id: 7, email: 'orphan@example.org', invitedBy: null })],
      });
      // Tests carry the English texts only; this one adds the screen's own in the language it checks.
      i18n.addResourceBundle(language, 'users', { nl: nlUsers, de: deUsers }[language], true, true);
      await i18n.changeLanguage(language);
      try {
        const { unmount } = await renderRoute('/users', { user: admin });
        const section = await screen.findByRole('region', { name: /uitnodigingen|Einladungen/ });
        expect(within(section).getByText('desk@example.org').closest('li')).toHaveTextContent(text);
        expect(within(section).getByText('orphan@example.org').closest('li')).toHaveTextContent(deleted);
        unmount();
      } finally {
        await i18n.changeLanguage('en');
      }
    }
  });

  it('chooses a role instead of promote-to-admin: up with promote, down with demote, ?role= named', async () => {
    const staffJan: User = { ...jan, roles: ['ROLE_USER', 'ROLE_STAFF'] };
    const log = server(
      {},
      {
        'GET /api/user/2/promote-to-manager': () => ({ status: 200, body: staffJan }),
        'GET /api/user/1/demote-manager': () => ({ status: 200, body: { ...admin, roles: ['ROLE_USER'] } }),
      },
    );
    const user = userEvent.setup({ delay: null });
    await renderRoute('/users', { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Change role: Jan Jansen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Role of Jan Jansen' });
    const save = within(dialog).getByRole('button', { name: 'Save role' });
    expect(within(dialog).getByRole('radio', { name: /^User/ })).toBeChecked();
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: /^Staff/ }));
    await user.click(save);
    expect(await screen.findByText('Jan Jansen is now staff.')).toBeInTheDocument();

    // One's own admin rights: asked a second time, then sent with confirmSelf.
    await user.click(screen.getByRole('button', { name: 'Change role: Anna de Vries' }));
    const own = await screen.findByRole('dialog', { name: 'Role of Anna de Vries' });
    await user.click(within(own).getByRole('radio', { name: /^User/ }));
    await user.click(within(own).getByRole('button', { name: 'Save role' }));
    const second = await screen.findByRole('dialog', { name: 'This is your own account' });
    await user.click(within(second).getByRole('button', { name: 'Yes, my own account' }));
    await waitFor(() =>
      expect(log.filter((r) => r.path.includes('manager')).map((r) => r.path)).toEqual([
        '/api/user/2/promote-to-manager?role=ROLE_STAFF',
        '/api/user/1/demote-manager?role=ROLE_USER&confirmSelf=true',
      ]),
    );
  });
});

describe('the access review (decision 0363)', () => {
  const reviewed = [
    aUser({
      ...admin,
      mfaEnabled: true,
      lastLoginAt: '2030-03-12T09:05:00Z',
      createdAt: '2029-01-02T08:00:00Z',
    }),
    aUser({ ...jan, id: 2, mfaEnabled: false, lastLoginAt: null, createdAt: '2029-05-06T08:00:00Z' }),
    aUser({
      id: 3,
      fullName: 'Bert Beheer',
      email: 'bert@example.com',
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
      mfaEnabled: true,
      lastLoginAt: '2030-01-01T12:00:00Z',
      createdAt: '2029-01-02T08:00:00Z',
    }),
  ];

  it('shows two-step sign-in and the last sign-in per account, and filters on the server', async () => {
    const log = server({ users: reviewed });
    const user = userEvent.setup({ delay: null });
    await renderRoute('/users', { user: admin });
    const anna = await rowOf('Anna de Vries \\(you\\)');
    expect(within(anna).getAllByText('On')[0]).toBeInTheDocument();
    expect(anna).toHaveTextContent('12/03/2030 10:05');
    const janRow = await rowOf('Jan Jansen');
    expect(within(janRow).getAllByText('Off')[0]).toBeInTheDocument();
    // Folded into the name's cell on a phone, where no column header says what is off.
    expect(within(janRow).getByText('Two-step: off')).toBeInTheDocument();
    expect(janRow).toHaveTextContent('never');

    await user.selectOptions(screen.getByLabelText('Show'), 'Admins without two-step sign-in');
    await waitFor(() =>
      expect(log.map((r) => r.path)).toContain(
        '/api/users_paginated?page=1&pageSize=10&filter=admins_without_mfa',
      ),
    );
    await user.selectOptions(screen.getByLabelText('Show'), 'Not signed in for 90 days');
    await waitFor(() =>
      expect(log.map((r) => r.path)).toContain(
        '/api/users_paginated?page=1&pageSize=10&filter=not_signed_in_90_days',
      ),
    );
  });

  it('downloads the review as a CSV with the list’s search and filter, in the interface language', async () => {
    const saved = captureDownloads();
    const log = server(
      { users: reviewed },
      { 'GET /api/users/access-review.csv': () => ({ status: 200, body: 'E-mail address;Name' }) },
    );
    const user = userEvent.setup({ delay: null });
    await renderRoute('/users', { user: admin });
    await user.selectOptions(await screen.findByLabelText('Show'), 'Admins without two-step sign-in');
    await user.click(screen.getByRole('button', { name: 'Download access review (CSV)' }));
    await waitFor(() => expect(saved).toEqual(['toegangsrechten.csv']));
    expect(log.map((r) => r.path)).toContain(
      '/api/users/access-review.csv?filter=admins_without_mfa&language=en',
    );
  });

  it('resets someone’s two-step sign-in after saying what it does; never one’s own from here', async () => {
    const log = server({ users: reviewed }, { 'DELETE /api/user/3/mfa': () => ({ status: 204 }) });
    const user = userEvent.setup({ delay: null });
    await renderRoute('/users', { user: admin });
    const own = await rowOf('Anna de Vries \\(you\\)');
    expect(within(own).queryByRole('button', { name: /Reset two-step sign-in/ })).not.toBeInTheDocument();
    expect(within(await rowOf('Jan Jansen')).queryByRole('button', { name: /Reset two-step/ })).toBeNull();

    await user.click(
      within(await rowOf('Bert Beheer')).getByRole('button', { name: 'Reset two-step sign-in: Bert Beheer' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reset the two-step sign-in of Bert Beheer?' });
    expect(dialog).toHaveAccessibleDescription(/lost their phone.*every session of Bert Beheer ends.*e-mail/);
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('The two-step sign-in of Bert Beheer was reset.')).toBeInTheDocument();
    expect(log.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/user/3/mfa']);
  });
});
