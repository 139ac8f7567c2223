import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import type { AffectedReassignment, Appointment } from '@balie/shared';
import { AFFECTED } from '../../features/desks/test/fixtures';
import { AffectedAppointmentsDialog } from './AffectedAppointmentsDialog';

const user = userEvent.setup({ delay: null });

const NOORD = {
  id: 2,
  name: 'Stadswinkel Noord',
  street: 'Noorderplein 12',
  postcode: '1235 CD',
  city: 'Voorbeeld',
};
/** Three appointments at the Stadhuis: one can stay there, one only go to Noord, one nowhere. */
const THREE: Appointment[] = [41, 42, 43].map((id, i) => ({
  ...AFFECTED,
  id,
  lastName: ['Dijk', 'Berg', 'Smit'][i]!,
}));
const FORECAST: AffectedReassignment[] = [
  { appointmentId: 41, sameLocation: true, otherLocation: null },
  { appointmentId: 42, sameLocation: false, otherLocation: NOORD },
  { appointmentId: 43, sameLocation: false, otherLocation: null },
];

function open(reassignment?: AffectedReassignment[]) {
  const onChoose = vi.fn();
  const onCancel = vi.fn();
  render(
    <AffectedAppointmentsDialog
      appointments={THREE}
      reassignment={reassignment}
      onChoose={onChoose}
      onCancel={onCancel}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Appointments affected by this change' });
  const apply = () => user.click(within(dialog).getByRole('button', { name: 'Save with this choice' }));
  return { dialog, onChoose, onCancel, apply };
}

describe('AffectedAppointmentsDialog (decision 0422)', () => {
  it('moves within the location by default: same address, said with how many can', async () => {
    const { dialog, onChoose, apply } = open(FORECAST);
    const within_ = within(dialog).getByRole('radio', { name: 'Move to another desk in Stadhuis' });
    expect(within_).toBeChecked();
    expect(within_).toHaveAccessibleDescription(
      'Same address. Appointments without a free desk there are cancelled and the visitor is notified by mail. 1 of 3 can move within Stadhuis.',
    );
    await apply();
    expect(onChoose).toHaveBeenCalledWith('reassign');
  });

  it('offers another location as a choice of its own that names the addresses visitors would go to', async () => {
    const { dialog, onChoose, apply } = open(FORECAST);
    const elsewhere = within(dialog).getByRole('radio', { name: 'Move to another location' });
    expect(elsewhere).not.toBeChecked();
    expect(elsewhere).toHaveAccessibleDescription(
      expect.stringContaining('Stadswinkel Noord, Noorderplein 12, 1235 CD Voorbeeld: 1 appointment'),
    );
    const destinations = within(dialog).getByRole('list', { name: 'Locations that would receive visitors' });
    expect(
      within(destinations)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Stadswinkel Noord, Noorderplein 12, 1235 CD Voorbeeld: 1 appointment']);
    // Each appointment says where it would go.
    const items = within(within(dialog).getByRole('list', { name: 'Affected appointments' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('Can move to another desk in Stadhuis');
    expect(items[1]).toHaveTextContent(
      'Only at another location: Stadswinkel Noord, Noorderplein 12, 1235 CD Voorbeeld',
    );
    expect(items[2]).toHaveTextContent('No desk free: will be cancelled');
    await user.click(elsewhere);
    await apply();
    expect(onChoose).toHaveBeenCalledWith('reassign_anywhere');
  });

  it('keeps them when asked, and without a forecast (an older server) still offers the three choices', async () => {
    const { dialog, onChoose, apply } = open();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['reassign', 'reassign_anywhere', 'keep']);
    expect(within(dialog).queryByRole('list', { name: 'Locations that would receive visitors' })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Keep them as they are' }));
    await apply();
    expect(onChoose).toHaveBeenCalledWith('keep');
  });

  it('has no accessibility violations axe can find without a layout', async () => {
    const { dialog } = open(FORECAST);
    // jsdom lays nothing out: contrast is the browser audit's (e2e accessibility-audit.spec.ts).
    const results = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
