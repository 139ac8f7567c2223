import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { locationsAnswer } from '../../../components/locations/test/fixtures';
import { apiError, fakeApi } from '../../../components/scheduling/test/fakeApi';
import { aUser, renderRoute } from '../../../test/renderRoute';

vi.setConfig({ testTimeout: 60_000 });

const staff = aUser({ roles: ['ROLE_USER', 'ROLE_STAFF'] });
const feedCalls = (log: { path: string }[]) =>
  log.filter((r) => r.path.startsWith('/api/appointments?')).map((r) => new URL(r.path, 'http://x'));

describe('/calendar at more than one location (DESIGN §4b)', () => {
  it('asks the feed for the remembered location, and for another once chosen', async () => {
    window.localStorage.setItem('balie.locationFilter.7', '1');
    const log = fakeApi((r) =>
      r.path.startsWith('/api/appointments?')
        ? { status: 200, body: [] }
        : (locationsAnswer(r.path) ?? apiError(404, 'not_found')),
    );
    const user = userEvent.setup({ delay: null });
    await renderRoute('/calendar', { user: staff });
    const filter = await screen.findByRole('combobox', { name: 'Location' });
    expect(filter).toHaveTextContent('Stadhuis');
    await waitFor(() => expect(feedCalls(log)).toHaveLength(1));
    expect(feedCalls(log)[0]?.searchParams.get('locationId')).toBe('1');

    await user.click(filter);
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'All locations' }),
    );
    await waitFor(() => expect(feedCalls(log)).toHaveLength(2));
    expect(feedCalls(log)[1]?.searchParams.has('locationId')).toBe(false);
    expect(window.localStorage.getItem('balie.locationFilter.7')).toBeNull();
  });

  it('offers no location filter to a visitor looking at their own appointments', async () => {
    const log = fakeApi((r) =>
      r.path.startsWith('/api/appointments?')
        ? { status: 200, body: [] }
        : (locationsAnswer(r.path) ?? apiError(404, 'not_found')),
    );
    await renderRoute('/calendar', { user: aUser() });
    await waitFor(() => expect(feedCalls(log)).toHaveLength(1));
    expect(feedCalls(log)[0]?.searchParams.has('locationId')).toBe(false);
    expect(screen.queryByRole('combobox', { name: 'Location' })).not.toBeInTheDocument();
  });
});
