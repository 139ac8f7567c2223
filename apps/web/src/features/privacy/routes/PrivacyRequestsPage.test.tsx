import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { privacyEraseResultSchema, privacyExportSchema, type PrivacyEraseResult } from '@balie/shared';
import { apiError, fakeApi } from '../../../components/scheduling/test/fakeApi';
import { aUser, renderRoute } from '../../../test/renderRoute';
import de from '../../../../public/locales/de/privacy.json';
import en from '../../../../public/locales/en/privacy.json';
import nl from '../../../../public/locales/nl/privacy.json';
import { erasureSentence } from '../erasureSentence';

vi.setConfig({ testTimeout: 60_000 });

const admin = aUser({ roles: ['ROLE_ADMIN'] });

/** What GET /privacy/export finds: an account without appointments is enough to offer the erasure. */
const HELD = privacyExportSchema.parse({
  email: 'jan@example.com',
  generatedAt: '2031-03-03T09:00:00.000Z',
  summary: { account: true, appointments: 5, upcoming: 2, historyEvents: 0, queuedMails: 0 },
  account: null,
  appointments: [],
  invitations: [],
  queuedMails: [],
});

function serveErasure(result: PrivacyEraseResult) {
  fakeApi(({ method, path }) => {
    if (path.startsWith('/api/privacy/export')) return { status: 200, body: HELD };
    if (method === 'POST' && path === '/api/privacy/erase')
      return { status: 200, body: privacyEraseResultSchema.parse(result) };
    return apiError(404, 'not_found');
  });
}

// Issue 34 item 13 (5): the result of an erasure says what happened, counted in words.
describe('the erasure result', () => {
  it('says how many appointments were cancelled and anonymised and that the account was deleted', async () => {
    const user = userEvent.setup({ delay: null });
    serveErasure({ appointmentsCancelled: 2, appointmentsAnonymised: 5, accountDeleted: true });
    await renderRoute('/privacy-requests', { user: admin });
    await user.type(await screen.findByLabelText('E-mail address of the requester'), 'jan@example.com');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    await user.click(await screen.findByRole('button', { name: 'Erase everything' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Erase' }));
    expect(await screen.findByText(/^Erased for jan@example\.com/)).toHaveTextContent(
      'Erased for jan@example.com: 2 appointments cancelled, 5 anonymised, account deleted.',
    );
  });

  it.each([
    [
      'nl',
      nl,
      [
        'Gewist voor a@b.nl: 2 afspraken geannuleerd, 5 geanonimiseerd, account verwijderd.',
        'Gewist voor a@b.nl: 1 afspraak geannuleerd, 1 geanonimiseerd, geen account.',
        'Gewist voor a@b.nl: 1 afspraak geanonimiseerd, account verwijderd.',
        'Gewist voor a@b.nl: geen afspraken, account verwijderd.',
      ],
    ],
    [
      'en',
      en,
      [
        'Erased for a@b.nl: 2 appointments cancelled, 5 anonymised, account deleted.',
        'Erased for a@b.nl: 1 appointment cancelled, 1 anonymised, no account.',
        'Erased for a@b.nl: 1 appointment anonymised, account deleted.',
        'Erased for a@b.nl: no appointments, account deleted.',
      ],
    ],
    [
      'de',
      de,
      [
        'Gelöscht für a@b.nl: 2 Termine abgesagt, 5 anonymisiert, Konto gelöscht.',
        'Gelöscht für a@b.nl: 1 Termin abgesagt, 1 anonymisiert, kein Konto.',
        'Gelöscht für a@b.nl: 1 Termin anonymisiert, Konto gelöscht.',
        'Gelöscht für a@b.nl: keine Termine, Konto gelöscht.',
      ],
    ],
  ])('counts in %s', async (language, texts, expected) => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: language, resources: { [language]: { privacy: texts } }, defaultNS: 'privacy' });
    const say = (appointmentsCancelled: number, appointmentsAnonymised: number, accountDeleted: boolean) =>
      erasureSentence(i18n.t, 'a@b.nl', { appointmentsCancelled, appointmentsAnonymised, accountDeleted });
    expect([say(2, 5, true), say(1, 1, false), say(0, 1, true), say(0, 0, true)]).toEqual(expected);
  });
});
