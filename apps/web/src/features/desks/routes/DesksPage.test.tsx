import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser, renderRoute } from '../../../test/renderRoute';
import { apiError, fakeApi } from '../../../components/scheduling/test/fakeApi';
import { serveDesks } from '../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

// No pause between keystrokes: these tests assert behaviour, not typing speed.
const user = userEvent.setup({ delay: null });

const admin = aUser({ roles: ['ROLE_ADMIN'] });

describe('desks list (admin)', () => {
  it('lists every desk with its label and status, linking to the desk, and offers a new desk', async () => {
    serveDesks();
    await renderRoute('/front-desks', { user: admin });
    const table = await screen.findByRole('table', { name: 'Front desks' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['Balie 1', 'Balie 2']);
    expect(within(rows[0]!).getByRole('link', { name: 'Balie 1' })).toHaveAttribute('href', '/front-desk/1');
    expect(rows[0]).toHaveTextContent('B1');
    expect(rows[1]).toHaveTextContent('—');
    // Each desk's week at a glance (Balie 2 has none).
    const hours = within(rows[0]!).getAllByRole('cell')[2]!;
    expect([...hours.children].map((line) => line.textContent)).toEqual([
      'Mon 08:30–12:30, 13:00–17:00',
      'Thu 18:00–20:00',
    ]);
    expect(within(rows[1]!).getAllByRole('cell')[2]).toHaveTextContent('No opening hours set.');
    expect(screen.getByRole('link', { name: 'New front desk' })).toHaveAttribute('href', '/front-desks/new');
    const closures = await screen.findByRole('list', { name: 'Closures of all front desks' });
    expect(closures).toHaveTextContent('Kerst');
  });

  it('shows a failed list call as an error, not as "no desks" (a 404 means the endpoint is missing)', async () => {
    fakeApi(() => apiError(404, 'not_found'));
    await renderRoute('/front-desks', { user: admin });
    expect(await screen.findAllByText('Something went wrong')).not.toHaveLength(0);
    expect(screen.queryByText('There are no front desks yet.')).not.toBeInTheDocument();
  });

  it('creates a desk and opens its page', async () => {
    const log = serveDesks(({ path, method, body }) =>
      method === 'POST' && path === '/api/desks'
        ? { status: 201, body: { ...serveDesksBody(), ...(body as object), id: 2 } }
        : undefined,
    );
    await renderRoute('/front-desks/new', { user: admin });
    const create = await screen.findByRole('button', { name: 'Create front desk' });
    expect(create).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Balie 3');
    await user.type(screen.getByRole('textbox', { name: 'Label in the calendar' }), 'B3');
    await user.click(create);
    expect(await screen.findByRole('heading', { level: 1, name: 'Balie 2' })).toBeInTheDocument();
    expect(log.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Balie 3',
      label: 'B3',
      active: true,
    });
  });
});

const serveDesksBody = () => ({
  label: null,
  active: true,
  openingHours: [],
  closures: [],
  overflow: { morning: 0, afternoon: 0, evening: 0 },
  overflowPeriods: [],
});
