import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deskSchema, type Desk } from '@balie/shared';
import { aUser, renderRoute } from '../../../test/renderRoute';
import { apiError, fakeApi } from '../../../components/scheduling/test/fakeApi';

afterEach(() => vi.unstubAllGlobals());

const admin = aUser({ roles: ['ROLE_ADMIN'] });

/** Desk documents as GET /api/desks answers them; parsed so a fixture cannot drift from the contract. */
const DESKS: Desk[] = [
  {
    id: 1,
    name: 'Balie 1',
    label: 'B1',
    active: true,
    openingHours: [
      { weekday: 1, opens: '08:30', closes: '12:30' },
      { weekday: 1, opens: '13:00', closes: '17:00' },
      { weekday: 4, opens: '18:00', closes: '20:00' },
    ],
    closures: [
      { id: 7, date: '2031-03-05', type: 'partial', from: '13:00', until: '15:00', reason: 'Teamoverleg' },
      { id: 8, date: '2031-03-06', type: 'whole_day' },
    ],
    overflow: { morning: 0, afternoon: 0, evening: 0 },
    overflowPeriods: [],
  },
  {
    id: 2,
    name: 'Balie 2',
    label: null,
    active: false,
    openingHours: [],
    closures: [],
    overflow: { morning: 10, afternoon: 0, evening: 100 },
    overflowPeriods: [
      { id: 3, from: '2031-01-01', until: '2031-01-31', morning: 50, afternoon: 0, evening: 0 },
    ],
  },
].map((d) => deskSchema.parse(d));

function serveDesks() {
  return fakeApi(({ path }) => {
    if (path === '/api/desks') return { status: 200, body: DESKS };
    const desk = DESKS.find((d) => path === `/api/desk/${d.id}`);
    return desk ? { status: 200, body: desk } : apiError(404, 'not_found');
  });
}

describe('desk pages (admin, read-only)', () => {
  it('lists every desk with its label and status, linking to the desk', async () => {
    serveDesks();
    await renderRoute('/front-desks', { user: admin });
    const table = await screen.findByRole('table', { name: 'Front desks' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['Balie 1', 'Balie 2']);
    expect(within(rows[0]!).getByRole('link', { name: 'Balie 1' })).toHaveAttribute('href', '/front-desk/1');
    expect(rows[0]).toHaveTextContent('B1');
    expect(rows[1]).toHaveTextContent('—');
  });

  it('shows one desk with its opening hours in order and its closures', async () => {
    serveDesks();
    await renderRoute('/front-desk/1', { user: admin });
    expect(await screen.findByRole('heading', { level: 2, name: 'Balie 1' })).toBeInTheDocument();
    expect(screen.getByText('Label in the calendar: B1')).toBeInTheDocument();
    // Each list follows its heading.
    const listAfter = (name: string) =>
      screen.getByRole('heading', { level: 3, name }).nextElementSibling as HTMLElement;
    const hours = listAfter('Opening hours');
    const closures = listAfter('Closures');
    expect(
      within(hours)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Monday: 08:30–12:30', 'Monday: 13:00–17:00', 'Thursday: 18:00–20:00']);
    const items = within(closures).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('13:00–15:00 (Teamoverleg)');
    expect(items[1]).toHaveTextContent('whole day');
  });

  it('says so for a desk without hours or closures', async () => {
    serveDesks();
    await renderRoute('/front-desk/2', { user: admin });
    expect(await screen.findByText('No opening hours set.')).toBeInTheDocument();
    expect(screen.getByText('No closures planned.')).toBeInTheDocument();
  });

  it('says the desk does not exist when the server answers 404', async () => {
    serveDesks();
    await renderRoute('/front-desk/99', { user: admin });
    expect(await screen.findByText('This front desk does not exist.')).toBeInTheDocument();
  });
});
