import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aUser, renderRoute } from '../../../test/renderRoute';
import { AFFECTED, DESKS, serveDesks } from '../test/fixtures';

// No pause between keystrokes: these tests assert behaviour, not typing speed.
const user = userEvent.setup({ delay: null });

// The desk page is one large form; role queries over it are slow in jsdom on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const admin = aUser({ roles: ['ROLE_ADMIN'] });
const desk1 = DESKS[0]!;

/** Types a time into a time input the way a browser reports it (jsdom has no time picker). */
const setTime = (input: HTMLElement, value: string) => {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('desk page: opening hours as a week grid', () => {
  it('shows Monday–Sunday with their intervals and "closed" on days without any', async () => {
    serveDesks();
    await renderRoute('/front-desk/1', { user: admin });
    const monday = await screen.findByRole('group', { name: 'Monday' });
    expect(within(monday).getByLabelText('Opens, Monday, period 1')).toHaveValue('08:30');
    expect(within(monday).getByLabelText('Closes, Monday, period 2')).toHaveValue('17:00');
    expect(within(screen.getByRole('group', { name: 'Tuesday' })).getByText('Closed')).toBeInTheDocument();
    expect(screen.getAllByRole('group', { name: /day$/ }).map((g) => g.getAttribute('aria-label'))).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
  });

  it('takes times on 24 hours as text whatever the browser language, written as HH:mm when left', async () => {
    serveDesks();
    await renderRoute('/front-desk/1', { user: admin });
    const monday = await screen.findByRole('group', { name: 'Monday' });
    const opens1 = within(monday).getByLabelText('Opens, Monday, period 1');
    expect(opens1).toHaveAttribute('type', 'text');
    expect(opens1).toHaveAttribute('placeholder', 'hh:mm');
    setTime(opens1, '9.15');
    await waitFor(() => expect(opens1).toHaveValue('09:15'));
    setTime(opens1, '9 am');
    expect(await within(monday).findByText('Enter a time as hours and minutes (HH:mm)')).toBeInTheDocument();
  });

  it('checks on blur: closing after opening, no overlap on one day; each error under its field', async () => {
    serveDesks();
    await renderRoute('/front-desk/1', { user: admin });
    const monday = await screen.findByRole('group', { name: 'Monday' });
    const save = screen.getByRole('button', { name: 'Save opening hours' });

    const closes1 = within(monday).getByLabelText('Closes, Monday, period 1');
    setTime(closes1, '08:00');
    expect(await within(monday).findByText('Closing time must be after opening time')).toBeInTheDocument();
    expect(closes1).toHaveAccessibleDescription('Closing time must be after opening time');
    expect(save).toBeDisabled();

    setTime(closes1, '14:00');
    const opens2 = within(monday).getByLabelText('Opens, Monday, period 2');
    expect(await within(monday).findByText('This overlaps another period')).toBeInTheDocument();
    expect(opens2).toHaveAccessibleDescription('This overlaps another period');
    expect(save).toBeDisabled();

    setTime(closes1, '12:00');
    await waitFor(() =>
      expect(within(monday).queryByText('This overlaps another period')).not.toBeInTheDocument(),
    );
    expect(save).toBeEnabled();
  });

  it('adds and removes intervals and saves the whole week', async () => {
    const log = serveDesks();
    await renderRoute('/front-desk/1', { user: admin });
    const tuesday = await screen.findByRole('group', { name: 'Tuesday' });
    await user.click(within(tuesday).getByRole('button', { name: 'Add period on Tuesday' }));
    await user.click(within(tuesday).getByRole('button', { name: 'Add period on Tuesday' }));
    expect(within(tuesday).getByLabelText('Opens, Tuesday, period 2')).toHaveValue('17:00');
    const thursday = screen.getByRole('group', { name: 'Thursday' });
    await user.click(within(thursday).getByRole('button', { name: 'Remove period 1 on Thursday' }));
    await user.click(screen.getByRole('button', { name: 'Save opening hours' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(log.find((r) => r.method === 'PATCH')?.body).toEqual({
      openingHours: [
        { weekday: 1, opens: '08:30', closes: '12:30' },
        { weekday: 1, opens: '13:00', closes: '17:00' },
        { weekday: 2, opens: '09:00', closes: '17:00' },
        { weekday: 2, opens: '17:00', closes: '18:00' },
      ],
    });
  });
});

describe('desk page: copying opening hours', () => {
  /** What the grid shows: each day's periods as "opens–closes", "Closed" for a day without any. */
  const shownWeek = () =>
    screen.getAllByRole('group', { name: /day$/ }).map((g) => {
      const opens = within(g).queryAllByLabelText(/^Opens,/);
      const closes = within(g).queryAllByLabelText(/^Closes,/);
      const periods = opens.map(
        (o, i) => `${(o as HTMLInputElement).value}–${(closes[i] as HTMLInputElement).value}`,
      );
      return `${g.getAttribute('aria-label')}: ${periods.join(', ') || within(g).getByText('Closed').textContent}`;
    });

  it('copies a day to Monday–Friday, leaves the weekend, and saves only when asked', async () => {
    const log = serveDesks();
    await renderRoute('/front-desk/1', { user: admin });
    const monday = await screen.findByRole('group', { name: 'Monday' });
    const copy = within(monday).getByRole('button', { name: 'Copy to Mon–Fri: the hours of Monday' });
    expect(copy).toHaveTextContent('Copy to Mon–Fri');
    await user.click(copy);
    expect(shownWeek()).toEqual([
      'Monday: 08:30–12:30, 13:00–17:00',
      'Tuesday: 08:30–12:30, 13:00–17:00',
      'Wednesday: 08:30–12:30, 13:00–17:00',
      'Thursday: 08:30–12:30, 13:00–17:00',
      'Friday: 08:30–12:30, 13:00–17:00',
      'Saturday: Closed',
      'Sunday: Closed',
    ]);
    expect(log.some((r) => r.method === 'PATCH')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Save opening hours' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const sent = log.find((r) => r.method === 'PATCH')?.body as { openingHours: { weekday: number }[] };
    expect(sent.openingHours.map((h) => h.weekday)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });

  it('replaces the week with another desk’s hours, which the admin can still change before saving', async () => {
    const log = serveDesks();
    await renderRoute('/front-desk/2', { user: admin });
    await screen.findByRole('group', { name: 'Monday' });
    expect(shownWeek().every((d) => d.endsWith('Closed'))).toBe(true);
    const select = await screen.findByRole('combobox', { name: 'Copy from another desk' });
    await user.click(select);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    // The desk itself is not offered.
    expect(options.map((o) => o.textContent)).toEqual(['Balie 1']);
    await user.click(options[0]!);
    await waitFor(() =>
      expect(shownWeek()).toEqual([
        'Monday: 08:30–12:30, 13:00–17:00',
        'Tuesday: Closed',
        'Wednesday: Closed',
        'Thursday: 18:00–20:00',
        'Friday: Closed',
        'Saturday: Closed',
        'Sunday: Closed',
      ]),
    );
    expect(screen.getByText('Replaces the hours below; kept only once you save.')).toBeInTheDocument();
    expect(log.some((r) => r.method === 'PATCH')).toBe(false);
    const thursday = screen.getByRole('group', { name: 'Thursday' });
    await user.click(within(thursday).getByRole('button', { name: 'Remove period 1 on Thursday' }));
    await user.click(screen.getByRole('button', { name: 'Save opening hours' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(log.find((r) => r.method === 'PATCH')).toMatchObject({
      path: '/api/desk/2',
      body: {
        openingHours: [
          { weekday: 1, opens: '08:30', closes: '12:30' },
          { weekday: 1, opens: '13:00', closes: '17:00' },
        ],
      },
    });
  });
});

describe('desk page: affected appointments', () => {
  it('lists the appointments a change strands; cancelling sends nothing more, a choice resends with it', async () => {
    const log = serveDesks(({ method, body }) => {
      if (method !== 'PATCH') return undefined;
      return (body as { affectedAppointments?: string }).affectedAppointments
        ? { status: 200, body: desk1 }
        : {
            status: 409,
            body: { code: 'appointments_affected', message: 'affected', appointments: [AFFECTED] },
          };
    });
    await renderRoute('/front-desk/1', { user: admin });
    const details = await screen.findByRole('form', { name: 'Details' });
    await user.click(within(details).getByRole('switch', { name: 'Active (open for online booking)' }));
    await user.click(within(details).getByRole('button', { name: 'Save' }));

    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName('Appointments affected by this change');
    const item = within(within(dialog).getByRole('list', { name: 'Affected appointments' })).getByRole(
      'listitem',
    );
    expect(item).toHaveTextContent('09:00–09:24 · J. van Dijk');
    expect(item).toHaveTextContent('2 × Paspoort');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(log.filter((r) => r.method === 'PATCH')).toHaveLength(1);

    await user.click(within(details).getByRole('button', { name: 'Save' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Keep them as they are' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save with this choice' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const details1 = { active: false, name: 'Balie 1', label: 'B1', locationId: 1 };
    expect(log.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      details1,
      details1,
      { ...details1, affectedAppointments: 'keep' },
    ]);
  });
});

describe('desk page: location and products', () => {
  it('moves the desk to another location, through the affected-appointments dialog', async () => {
    const log = serveDesks(({ method, body }) => {
      if (method !== 'PATCH') return undefined;
      return (body as { affectedAppointments?: string }).affectedAppointments
        ? { status: 200, body: desk1 }
        : { status: 409, body: { code: 'appointments_affected', message: 'x', appointments: [AFFECTED] } };
    });
    await renderRoute('/front-desk/1', { user: admin });
    const details = await screen.findByRole('form', { name: 'Details' });
    const location = within(details).getByRole('combobox', { name: 'Location' });
    expect(location).toHaveTextContent('Stadhuis');
    await user.click(location);
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Stadswinkel Noord' }),
    );
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appointments affected by this change' });
    // The appointment names where it was.
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Balie 1, Stadhuis');
    await user.click(within(dialog).getByRole('button', { name: 'Save with this choice' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(log.filter((r) => r.method === 'PATCH').at(-1)?.body).toEqual({
      name: 'Balie 1',
      label: 'B1',
      locationId: 2,
      active: true,
      affectedAppointments: 'reassign',
    });
  });

  it('serves every product, also new ones, or a chosen list of at least one', async () => {
    const log = serveDesks();
    await renderRoute('/front-desk/1', { user: admin });
    const form = await screen.findByRole('form', { name: 'Products' });
    const all = within(form).getByRole('radio', { name: 'All products, also new ones' });
    expect(all).toBeChecked();
    expect(within(form).queryByRole('checkbox')).not.toBeInTheDocument();
    const save = within(form).getByRole('button', { name: 'Save products' });
    expect(save).toBeDisabled();

    await user.click(within(form).getByRole('radio', { name: 'Only the chosen products' }));
    const list = within(form).getByRole('group', { name: 'Chosen products' });
    expect(
      within(list)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Paspoort', 'Rijbewijs', 'Verhuizing (inactive)']);
    expect(
      within(form).getByText('Choose at least one product, or make the desk inactive.'),
    ).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.click(within(list).getByRole('checkbox', { name: 'Rijbewijs' }));
    await user.click(save);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(log.find((r) => r.method === 'PATCH')?.body).toEqual({ productIds: [6] });
  });

  it('shows the products a desk serves ticked, and goes back to all products', async () => {
    const log = serveDesks();
    await renderRoute('/front-desk/2', { user: admin });
    const form = await screen.findByRole('form', { name: 'Products' });
    expect(within(form).getByRole('radio', { name: 'Only the chosen products' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Paspoort' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Rijbewijs' })).not.toBeChecked();
    await user.click(within(form).getByRole('radio', { name: 'All products, also new ones' }));
    await user.click(within(form).getByRole('button', { name: 'Save products' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(log.find((r) => r.method === 'PATCH')).toMatchObject({
      path: '/api/desk/2',
      body: { productIds: null },
    });
  });
});

describe('desk page: closures, overflow, delete', () => {
  it('shows closures in date order with past ones folded away, and adds a partial closure', async () => {
    const log = serveDesks();
    await renderRoute('/front-desk/1', { user: admin });
    const list = await screen.findByRole('list', { name: 'Closures' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('13:00–15:00Teamoverleg'), expect.stringContaining('whole day')]);
    await user.click(screen.getByRole('button', { name: 'Show 1 past closure' }));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Nieuwjaar');

    const form = screen.getByRole('form', { name: 'Add a closure' });
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2031-04-01' } });
    await user.click(within(form).getByRole('radio', { name: 'Part of the day' }));
    setTime(within(form).getByLabelText('From'), '14:00');
    setTime(within(form).getByLabelText('Until'), '13:00');
    expect(await within(form).findByText('The end must not be before the start')).toBeInTheDocument();
    setTime(within(form).getByLabelText('Until'), '16:00');
    await user.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Training');
    await user.click(within(form).getByRole('button', { name: 'Add closure' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const sent = log.find((r) => r.method === 'PATCH')?.body as { closures: object[] };
    expect(sent.closures.at(-1)).toEqual({
      date: '2031-04-01',
      type: 'partial',
      from: '14:00',
      until: '16:00',
      reason: 'Training',
    });
    expect(sent.closures).toHaveLength(4);
  });

  it('shows the closures of its location and of every desk, which are changed elsewhere', async () => {
    serveDesks();
    await renderRoute('/front-desk/2', { user: admin });
    const shared = await screen.findByRole('list', {
      name: 'Also closed: closures of Stadswinkel Noord and of all desks',
    });
    expect(
      within(shared)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Stadswinkel Noord · Verbouwing'),
      expect.stringContaining('All locations · Kerst'),
    ]);
    expect(within(shared).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change the closures of Stadswinkel Noord' })).toHaveAttribute(
      'href',
      '/location/2',
    );
  });

  it('deletes a closure only after confirmation', async () => {
    const log = serveDesks();
    await renderRoute('/front-desk/1', { user: admin });
    const list = await screen.findByRole('list', { name: 'Closures' });
    const first = within(list).getAllByRole('button', { name: /^Delete closure of/ })[0]!;
    await user.click(first);
    const dialog = await screen.findByRole('dialog', { name: 'Delete closure?' });
    expect(dialog).toHaveTextContent(/13:00–15:00\. Once deleted, that time can be booked again\./);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(log.some((r) => r.method === 'PATCH')).toBe(false);

    await user.click(first);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const sent = log.find((r) => r.method === 'PATCH')?.body as { closures: { reason?: string }[] };
    expect(sent.closures.map((c) => c.reason)).not.toContain('Teamoverleg');
    expect(sent.closures).toHaveLength(desk1.closures.length - 1);
  });

  it('shows the overflow with its help sentence and rejects a percentage above 100', async () => {
    serveDesks();
    await renderRoute('/front-desk/1', { user: admin });
    const form = await screen.findByRole('form', { name: 'Overflow' });
    expect(
      within(form).getByText(
        'This share of the opening minutes is kept free for visitors without an appointment.',
      ),
    ).toBeInTheDocument();
    const afternoon = within(within(form).getByRole('group', { name: 'Default percentages' })).getByRole(
      'spinbutton',
      { name: 'Afternoon' },
    );
    expect(afternoon).toHaveValue(20);
    await user.clear(afternoon);
    await user.type(afternoon, '101');
    fireEvent.blur(afternoon);
    expect(await within(form).findByText('Enter a whole percentage from 0 to 100')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save overflow' })).toBeDisabled();
  });

  it('deletes a desk only after confirmation', async () => {
    const log = serveDesks(({ method }) => (method === 'DELETE' ? { status: 204 } : undefined));
    await renderRoute('/front-desk/1', { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName('Delete Balie 1?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(log.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('table', { name: 'Front desks' })).toBeInTheDocument();
    expect(log.find((r) => r.method === 'DELETE')?.path).toBe('/api/desk/1');
  });

  it('says the desk does not exist, unasked, for an id that cannot be one, and on a 404', async () => {
    const log = serveDesks();
    await renderRoute('/front-desk/abc', { user: admin });
    expect(await screen.findByText('This front desk does not exist.')).toBeInTheDocument();
    expect(log.some((r) => r.path.startsWith('/api/desk/'))).toBe(false);
    cleanup();
    await renderRoute('/front-desk/99', { user: admin });
    expect(await screen.findByText('This front desk does not exist.')).toBeInTheDocument();
  });
});
