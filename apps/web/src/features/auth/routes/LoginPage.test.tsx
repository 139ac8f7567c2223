import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../../test/renderRoute';

describe('login form (spec §4 forms)', () => {
  it("shows the public top bar with the link back to the organisation's website", async () => {
    await renderRoute('/login');
    expect(await screen.findByRole('link', { name: /Back to the website/ })).toHaveAttribute(
      'href',
      'https://www.voorbeeld.example',
    );
  });

  it('keeps submit disabled until the form is changed and valid, and shows errors on blur', async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoute('/login');
    const submit = await screen.findByRole('button', { name: 'Sign in' });
    expect(submit).toBeDisabled();

    const email = screen.getByRole('textbox', { name: /E-mail address/ });
    await user.type(email, 'anna@example');
    expect(screen.queryByText('Enter a valid e-mail address')).not.toBeInTheDocument();
    await user.tab(); // blur
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(submit).toBeDisabled();

    await user.type(email, '.nl');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.tab();
    expect(screen.queryByText('Enter a valid e-mail address')).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
  });

  it('enables submit as soon as the last field is valid, before it loses focus (Enter submits)', async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoute('/login');
    const submit = await screen.findByRole('button', { name: 'Sign in' });
    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'anna@example.nl');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    expect(submit).toBeEnabled();
  });

  it('says the e-mail address is required when the field is left empty', async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoute('/login');
    await user.click(await screen.findByRole('textbox', { name: /E-mail address/ }));
    await user.tab();
    expect(await screen.findByText('E-mail address is required')).toBeInTheDocument();
  });

  it('links to forgot-password and register', async () => {
    await renderRoute('/login');
    expect(await screen.findByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });
});
