import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UserChangeDialog, type UserChange } from './UserChangeDialog';

function open(change: UserChange, { self = false, busy = false } = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(
    <UserChangeDialog
      change={change}
      name="Jan Jansen"
      self={self}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />,
  );
  return { dialog: screen.getByRole('dialog'), onConfirm, onClose };
}

describe('UserChangeDialog', () => {
  it('names the change and says what it does; confirms about another account at once', async () => {
    const { dialog, onConfirm } = open('delete');
    expect(dialog).toHaveAccessibleName('Delete the account of Jan Jansen?');
    expect(dialog).toHaveAccessibleDescription(/every session of Jan Jansen ends at once/);
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(confirm).toHaveClass('MuiButton-colorError');
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith(false);
  });

  it('shows a promotion as no danger', () => {
    const { dialog } = open('promote', { self: true });
    expect(dialog).toHaveAccessibleName('Make Jan Jansen an admin?');
    expect(within(dialog).getByRole('button', { name: 'Make admin' })).toHaveClass('MuiButton-colorPrimary');
  });

  it('asks a second time about one’s own account and only then confirms it as such', async () => {
    const { dialog, onConfirm } = open('demote', { self: true });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove admin rights' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(dialog).toHaveAccessibleName('This is your own account');
    expect(dialog).toHaveAccessibleDescription(/You lose your admin rights at once/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, my own account' }));
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('cannot be confirmed twice while the change runs; cancel closes', async () => {
    const { dialog, onConfirm, onClose } = open('demote', { busy: true });
    expect(within(dialog).getByRole('button', { name: 'Remove admin rights' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
