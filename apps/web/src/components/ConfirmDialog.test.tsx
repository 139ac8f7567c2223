import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

function open(props: { danger?: boolean; busy?: boolean } = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(
    <ConfirmDialog
      open
      title="Delete closure?"
      text="That time can be booked again."
      confirmLabel="Delete"
      onConfirm={onConfirm}
      onClose={onClose}
      {...props}
    />,
  );
  const dialog = screen.getByRole('dialog');
  return { dialog, confirm: within(dialog).getByRole('button', { name: 'Delete' }), onConfirm, onClose };
}

describe('ConfirmDialog', () => {
  it('is named by its title and described by its text; confirm and cancel answer', async () => {
    const { dialog, confirm, onConfirm, onClose } = open();
    expect(dialog).toHaveAccessibleName('Delete closure?');
    expect(dialog).toHaveAccessibleDescription('That time can be booked again.');
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledOnce();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows the confirm as a danger by default', () => {
    expect(open().confirm).toHaveClass('MuiButton-colorError');
  });

  it('shows the confirm as an ordinary action when it is no danger', () => {
    expect(open({ danger: false }).confirm).toHaveClass('MuiButton-colorPrimary');
  });

  it('cannot be confirmed while busy', () => {
    expect(open({ busy: true }).confirm).toBeDisabled();
  });
});
