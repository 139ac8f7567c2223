import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser, renderRoute } from '../../../test/renderRoute';
import { apiError, fakeApi } from '../../../components/scheduling/test/fakeApi';
import { ADMIN_LOCATIONS } from '../../../components/locations/test/fixtures';
import { serveDesks } from '../test/fixtures';

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
    // Where each desk is.
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Stadhuis',
      'Stadswinkel Noord',
    ]);
    // Each desk's week at a glance (Balie 2 has none).
    const hours = within(rows[0]!).getAllByRole('cell')[3]!;
    expect([...hours.children].map((line) => line.textContent)).toEqual([
      'Mon 08:30–12:30, 13:00–17:00',
      'Thu 18:00–20:00',
    ]);
    expect(within(rows[1]!).getAllByRole('cell')[3]).toHaveTextContent('No opening hours set.');
    expect(screen.getByRole('link', { name: 'New front desk' })).toHaveAttribute('href', '/front-desks/new');
    // Closures of more than one desk, each saying which desks it closes (there are several locations).
    const closures = await screen.findByRole('list', {
      name: 'Closures of all front desks or of a location',
    });
    expect(
      within(closures)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Stadswinkel Noord · Verbouwing'),
      expect.stringContaining('All locations · Kerst'),
    ]);
  });

  it('with one location names no location beside a closure, and adds a closure of every desk', async () => {
    const log = serveDesks(
      ({ method, path }) =>
        method === 'POST' && path === '/api/closures' ? { status: 201, body: {} } : undefined,
      { locations: ADMIN_LOCATIONS.slice(0, 1) },
    );
    await renderRoute('/front-desks', { user: admin });
    const closures = await screen.findByRole('list', {
      name: 'Closures of all front desks or of a location',
    });
    await waitFor(() => expect(screen.getAllByRole('cell', { name: 'Stadhuis' })).toHaveLength(1));
    const kerst = within(closures).getByText('Kerst');
    expect(kerst.textContent).toBe('Kerst');
    const form = screen.getByRole('form', { name: 'Add a closure' });
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2031-04-01' } });
    await user.click(within(form).getByRole('button', { name: 'Add closure' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    // Without a location: a closure of every desk.
    expect(log.find((r) => r.method === 'POST')?.body).toEqual({ date: '2031-04-01', type: 'whole_day' });
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
    // In the first active location unless another is chosen.
    expect(log.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Balie 3',
      label: 'B3',
      locationId: 1,
      active: true,
    });
  });

  it('creates a desk in the location chosen, offering inactive ones as such', async () => {
    const log = serveDesks(({ path, method, body }) =>
      method === 'POST' && path === '/api/desks'
        ? { status: 201, body: { ...serveDesksBody(), ...(body as object), id: 2 } }
        : undefined,
    );
    await renderRoute('/front-desks/new', { user: admin });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Trouwzaal');
    await user.click(screen.getByRole('combobox', { name: 'Location' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Stadhuis',
      'Stadswinkel Noord',
      'Wijkpost Zuid (inactive)',
    ]);
    await user.click(options[1]!);
    await user.click(screen.getByRole('button', { name: 'Create front desk' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Balie 2' })).toBeInTheDocument();
    expect(log.find((r) => r.method === 'POST')?.body).toMatchObject({ name: 'Trouwzaal', locationId: 2 });
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
