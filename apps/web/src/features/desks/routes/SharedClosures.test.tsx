import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, renderRoute } from '../../../test/renderRoute';
import { AFFECTED, serveDesks } from '../test/fixtures';

const user = userEvent.setup({ delay: null });
const admin = aUser({ roles: ['ROLE_ADMIN'] });

beforeEach(() => {
  // The holiday list starts today: 1 April 2031 (27 April 2031 is a Sunday).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2031-04-01T09:30:00+02:00'));
});
afterEach(() => vi.useRealTimers());

const posts = (log: Array<{ method: string; path: string; body?: unknown }>) =>
  log.filter((r) => r.method === 'POST' && r.path === '/api/closures').map((r) => r.body);

describe('closures of several desks on the desk list (decision 0433)', () => {
  it('picks a location and closes a range of days there', async () => {
    const log = serveDesks(({ method, path }) =>
      method === 'POST' && path === '/api/closures' ? { status: 201, body: [] } : undefined,
    );
    await renderRoute('/front-desks', { user: admin });
    const picker = await screen.findByRole('combobox', { name: 'For' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All locations', 'Stadhuis', 'Stadswinkel Noord', 'Wijkpost Zuid']);
    await user.selectOptions(picker, 'Stadswinkel Noord');
    const form = screen.getByRole('form', { name: 'Add a closure' });
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2031-07-13' } });
    fireEvent.change(within(form).getByLabelText('Through (optional)'), { target: { value: '2031-07-24' } });
    await user.type(within(form).getByLabelText('Reason'), 'Verbouwing');
    await user.click(within(form).getByRole('button', { name: 'Add closure' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(posts(log)).toEqual([
      { date: '2031-07-13', lastDate: '2031-07-24', type: 'whole_day', reason: 'Verbouwing', locationId: 2 },
    ]);
  });

  it('refuses a range that ends before it starts, naming the last day', async () => {
    const log = serveDesks();
    await renderRoute('/front-desks', { user: admin });
    const form = await screen.findByRole('form', { name: 'Add a closure' });
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2031-07-13' } });
    const last = within(form).getByLabelText('Through (optional)');
    fireEvent.change(last, { target: { value: '2031-07-12' } });
    fireEvent.blur(last);
    expect(await within(form).findByText('The last day must not be before the first')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Add closure' })).toBeDisabled();
    expect(posts(log)).toEqual([]);
  });

  it('adds the chosen public holidays still to come, marking days closed already, through the affected dialog', async () => {
    const log = serveDesks(({ method, path, body }) => {
      if (method !== 'POST' || path !== '/api/closures') return undefined;
      return (body as { affectedAppointments?: string }).affectedAppointments
        ? { status: 201, body: [] }
        : { status: 409, body: { code: 'appointments_affected', message: 'x', appointments: [AFFECTED] } };
    });
    await renderRoute('/front-desks', { user: admin });
    await screen.findByRole('list', { name: 'Closures of all front desks or of a location' });
    await user.click(screen.getByRole('button', { name: 'Add public holidays' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add public holidays as closures' });
    const boxes = within(within(dialog).getByRole('group', { name: 'Public holidays' })).getAllByRole(
      'checkbox',
    );
    const labelOf = (box: HTMLElement) => box.closest('label')?.textContent ?? '';
    // New Year's Day is past; Christmas Day is closed for every desk already (the fixture's "Kerst").
    expect(boxes.map(labelOf)).toEqual([
      'Good Friday · Friday, 11 April 2031',
      'Easter Sunday · Sunday, 13 April 2031',
      'Easter Monday · Monday, 14 April 2031',
      "King's Day · Saturday, 26 April 2031",
      'Liberation Day · Monday, 5 May 2031',
      'Ascension Day · Thursday, 22 May 2031',
      'Whit Sunday · Sunday, 1 June 2031',
      'Whit Monday · Monday, 2 June 2031',
      'Christmas Day · Thursday, 25 December 2031 · already closed',
      'Boxing Day · Friday, 26 December 2031',
    ]);
    expect(boxes[8]).toBeDisabled();
    expect(boxes[8]).not.toBeChecked();
    // Every other day is chosen; the admin leaves out the Sundays and Liberation Day.
    for (const i of [1, 4, 6]) await user.click(boxes[i]!);
    await user.click(within(dialog).getByRole('button', { name: 'Add 6 holidays' }));
    const affected = await screen.findByRole('dialog', { name: 'Appointments affected by this change' });
    await user.click(within(affected).getByRole('radio', { name: 'Keep them as they are' }));
    await user.click(within(affected).getByRole('button', { name: 'Save with this choice' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const days = [
      { date: '2031-04-11', reason: 'Good Friday' },
      { date: '2031-04-14', reason: 'Easter Monday' },
      { date: '2031-04-26', reason: "King's Day" },
      { date: '2031-05-22', reason: 'Ascension Day' },
      { date: '2031-06-02', reason: 'Whit Monday' },
      { date: '2031-12-26', reason: 'Boxing Day' },
    ];
    expect(posts(log)).toEqual([
      { type: 'whole_day', days },
      { type: 'whole_day', days, affectedAppointments: 'keep' },
    ]);
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Add public holidays as closures' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('offers next year too, for the chosen location', async () => {
    const log = serveDesks(({ method, path }) =>
      method === 'POST' && path === '/api/closures' ? { status: 201, body: [] } : undefined,
    );
    await renderRoute('/front-desks', { user: admin });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'For' }), 'Stadhuis');
    await user.click(screen.getByRole('button', { name: 'Add public holidays' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add public holidays as closures' });
    await user.click(within(dialog).getByRole('button', { name: '2032' }));
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes).toHaveLength(11);
    await user.click(within(dialog).getByRole('button', { name: 'Add 11 holidays' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const [body] = posts(log) as Array<{ days: Array<{ date: string }>; locationId: number }>;
    expect(body?.locationId).toBe(1);
    expect(body?.days[0]).toEqual({ date: '2032-01-01', reason: "New Year's Day" });
    expect(body?.days.map((d) => d.date)).toContain('2032-04-27');
  });
});
