import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../components/scheduling/test/fakeApi';
import { appointment } from '../../../components/scheduling/test/fixtures';
import { locationsAnswer } from '../../../components/locations/test/fixtures';
import { aUser, renderRoute } from '../../../test/renderRoute';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T09:30:00+01:00'));
});

describe("a plain user's dashboard", () => {
  it('shows the next three confirmed appointments that have not ended, and the way to book', async () => {
    const log = fakeApi((r) =>
      r.path.startsWith('/api/appointments?')
        ? {
            status: 200,
            body: [
              appointment({ id: 1, untilDateTime: '2026-12-01T09:12:00+01:00' }), // ended
              appointment({
                id: 2,
                fromDateTime: '2026-12-01T10:00:00+01:00',
                untilDateTime: '2026-12-01T10:12:00+01:00',
              }),
              appointment({ id: 3, fromDateTime: '2026-12-02T10:00:00+01:00', status: 'checked_in' }),
              appointment({
                id: 4,
                fromDateTime: '2026-12-03T11:00:00+01:00',
                untilDateTime: '2026-12-03T11:12:00+01:00',
              }),
              appointment({
                id: 5,
                fromDateTime: '2026-12-04T12:00:00+01:00',
                untilDateTime: '2026-12-04T12:12:00+01:00',
              }),
              appointment({
                id: 6,
                fromDateTime: '2026-12-05T13:00:00+01:00',
                untilDateTime: '2026-12-05T13:12:00+01:00',
              }),
            ],
          }
        : apiError(404, 'not_found'),
    );
    await renderRoute('/home', { user: aUser() });
    const section = await screen.findByRole('region', { name: 'Your next appointments' });
    await waitFor(() =>
      expect(
        within(section)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        expect.stringContaining('Tuesday, 1 December 2026, 10:00'),
        expect.stringContaining('Thursday, 3 December 2026, 11:00'),
        expect.stringContaining('Friday, 4 December 2026, 12:00'),
      ]),
    );
    expect(within(section).getByRole('link', { name: 'Make an appointment' })).toHaveAttribute(
      'href',
      '/new',
    );
    expect(log.find((r) => r.path.startsWith('/api/appointments?'))?.path).toContain('from=2026-12-01');
    // One location: where is not said (an installation changes nothing visible until its second).
    expect(within(section).getAllByRole('listitem')[0]).toHaveTextContent('2 x Passport · Desk 1');
  });

  it('names the location of each once there are several', async () => {
    fakeApi((r) =>
      r.path.startsWith('/api/appointments?')
        ? {
            status: 200,
            body: [
              appointment({
                fromDateTime: '2026-12-01T10:00:00+01:00',
                untilDateTime: '2026-12-01T10:12:00+01:00',
              }),
            ],
          }
        : (locationsAnswer(r.path) ?? apiError(404, 'not_found')),
    );
    await renderRoute('/home', { user: aUser() });
    const section = await screen.findByRole('region', { name: 'Your next appointments' });
    expect(await within(section).findByText(/2 x Passport · Town hall, Desk 1/)).toBeInTheDocument();
  });
});
