import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../../test/renderRoute';

describe('reset-password form', () => {
  it('explains each password rule on blur and requires the repeat to match', async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoute('/reset-password/abc');
    const submit = await screen.findByRole('button', { name: 'Save password' });
    const password = screen.getByLabelText(/^New password/);
    const repeat = screen.getByLabelText(/^Repeat password/);

    await user.type(password, 'short');
    await user.tab();
    expect(await screen.findByText('The password must be at least 8 characters long')).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'longenough1');
    await user.tab();
    expect(
      await screen.findByText('The password must contain at least one special character (such as ! ? @ #)'),
    ).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'longenough!');
    await user.tab();
    expect(
      await screen.findByText('The password must contain at least one capital letter'),
    ).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'Longenough!');
    await user.type(repeat, 'Longenough?');
    await user.tab();
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(repeat);
    await user.type(repeat, 'Longenough!');
    await user.tab();
    // The form validates through a promise (zodResolver): the message goes, and the button wakes, on a
    // later turn than the key and blur events. Asserted at once, a loaded machine failed it.
    await waitFor(() => expect(screen.queryByText('The passwords do not match')).not.toBeInTheDocument());
    await waitFor(() => expect(submit).toBeEnabled());
  });
});
