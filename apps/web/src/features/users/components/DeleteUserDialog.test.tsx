import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeleteUserDialog } from './DeleteUserDialog';

function open({ self = false, busy = false } = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(
    <DeleteUserDialog name="Jan Jansen" self={self} busy={busy} onConfirm={onConfirm} onClose={onClose} />,
  );
  return { dialog: screen.getByRole('dialog'), onConfirm, onClose };
}

describe('DeleteUserDialog', () => {
  it('names the deletion and says what it does; confirms about another account at once', async () => {
    const { dialog, onConfirm } = open();
    expect(dialog).toHaveAccessibleName('Delete the account of Jan Jansen?');
    expect(dialog).toHaveAccessibleDescription(/every session of Jan Jansen ends at once/);
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(confirm).toHaveClass('MuiButton-colorError');
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith(false);
  });

  it('asks a second time about one’s own account and only then confirms it as such', async () => {
    const { onConfirm } = open({ self: true });
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(onConfirm).not.toHaveBeenCalled();
    const second = screen.getByRole('dialog', { name: 'This is your own account' });
    expect(second).toHaveAccessibleDescription(/signed out at once/);
    await userEvent.click(within(second).getByRole('button', { name: 'Yes, my own account' }));
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('cannot be confirmed twice while the deletion runs; cancel closes', async () => {
    const { dialog, onConfirm, onClose } = open({ busy: true });
    expect(within(dialog).getByRole('button', { name: 'Delete account' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
