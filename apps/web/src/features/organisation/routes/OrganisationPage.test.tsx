import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { organisationSchema, type Organisation } from '@balie/shared';
import { aUser, renderRoute, UNBRANDED } from '../../../test/renderRoute';
import { apiError, fakeApi, type FakeAnswer } from '../../../components/scheduling/test/fakeApi';

// No pause between keystrokes: these tests assert behaviour, not typing speed.
const user = userEvent.setup({ delay: null });

const ORGANISATION: Organisation = organisationSchema.parse({
  name: 'Gemeente Teststad',
  street: 'Marktplein 7',
  postcode: '1234 AB',
  city: 'Teststad',
  phone: '+31 30 555 0101',
  email: 'balie@teststad.example',
  website: 'https://www.teststad.example',
  registrationOpen: true,
  registerFields: ['birthDay', 'serviceBookNr', 'cardNumber'],
  requireMfaForAdmins: false,
  retentionDays: 30,
  reminders: [{ hoursBefore: 24 }],
  privacyStatement: { nl: '', en: '', de: '' },
  ...UNBRANDED,
});

function serveOrganisation(logoAnswer?: FakeAnswer) {
  let current = ORGANISATION;
  return fakeApi(({ path, method, body }) => {
    if (path === '/api/organisation/logo' && method === 'POST' && logoAnswer) return logoAnswer;
    if (path !== '/api/organisation') return apiError(404, 'not_found');
    if (method === 'PATCH') current = { ...current, ...(body as Partial<Organisation>) };
    return { status: 200, body: current };
  });
}

describe('organisation settings (admin)', { timeout: 60_000 }, () => {
  it('shows the record, checks the fields on blur and saves them', async () => {
    const log = serveOrganisation();
    await renderRoute('/organisation', { user: aUser({ roles: ['ROLE_ADMIN'] }) });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Gemeente Teststad');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    const website = screen.getByRole('textbox', { name: 'Website' });
    await user.clear(website);
    await user.type(website, 'teststad');
    fireEvent.blur(website);
    expect(await screen.findByText('Enter a web address starting with https://')).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: 'Contact e-mail' });
    await user.clear(email);
    await user.type(email, 'nope');
    fireEvent.blur(email);
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    await user.clear(name);
    fireEvent.blur(name);
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.type(name, 'Gemeente Nieuwstad');
    await user.clear(email);
    await user.clear(website);
    await user.type(website, 'https://nieuwstad.example');
    await user.click(save);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    // The record's form sends its own fields; branding and the statement's contact parts save apart.
    const {
      logoFileId: _logo,
      primaryColour: _colour,
      accessibilityEmail: _a11yEmail,
      accessibilityPhone: _a11yPhone,
      accessibilityResponseDays: _a11yDays,
      accessibilityComplaintsUrl: _a11yComplaints,
      staffSignIn: _staffSignIn,
      ...record
    } = ORGANISATION;
    expect(log.find((r) => r.method === 'PATCH')?.body).toEqual({
      ...record,
      name: 'Gemeente Nieuwstad',
      email: '',
      website: 'https://nieuwstad.example',
    });
  });

  it('closes registration and chooses the register form’s extra fields', async () => {
    const log = serveOrganisation();
    await renderRoute('/organisation', { user: aUser({ roles: ['ROLE_ADMIN'] }) });
    const open = await screen.findByRole('switch', { name: 'Visitors may make an account themselves' });
    expect(open).toBeChecked();
    const card = screen.getByRole('checkbox', { name: 'Card number' });
    expect(card).toBeChecked();
    await user.click(card);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(log.filter((r) => r.method === 'PATCH').at(-1)?.body).toMatchObject({
      registrationOpen: true,
      registerFields: ['birthDay', 'serviceBookNr'],
    });

    // Closed, the fields are not asked anywhere: their choice waits, greyed out.
    await user.click(open);
    expect(screen.getByRole('checkbox', { name: 'Date of birth' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(log.filter((r) => r.method === 'PATCH').at(-1)?.body).toMatchObject({ registrationOpen: false }),
    );
  });

  it('requires two-step sign-in of admins only from an admin who has it, saying why otherwise', async () => {
    let hasMfa = false;
    const log = fakeApi(({ path, method, body }) => {
      if (path !== '/api/organisation') return apiError(404, 'not_found');
      if (method === 'PATCH' && !hasMfa)
        return {
          status: 409,
          body: {
            code: 'mfa_not_enabled',
            message: 'x',
            errors: [{ property: 'requireMfaForAdmins', message: 'mfa_not_enabled' }],
          },
        };
      return { status: 200, body: { ...ORGANISATION, ...(body as object) } };
    });
    await renderRoute('/organisation', { user: aUser({ roles: ['ROLE_ADMIN'] }) });
    const security = (await screen.findByText('Security')).closest('fieldset')!;
    expect(security).toHaveTextContent('first turn on two-step sign-in for your own account');
    const required = screen.getByRole('switch', { name: 'Administrators must use two-step sign-in' });
    expect(required).not.toBeChecked();
    await user.click(required);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You can only require this once you use two-step sign-in yourself.');
    expect(within(alert).getByRole('link', { name: 'Turn it on for your account' })).toHaveAttribute(
      'href',
      '/two-step-sign-in',
    );
    hasMfa = true;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(log.filter((r) => r.method === 'PATCH').at(-1)?.body).toMatchObject({ requireMfaForAdmins: true });
  });

  it.each([
    [
      'dimensions_too_large',
      'wide.png is more than 4096 pixels wide or high. Make the image smaller (on screen a logo is a few hundred pixels wide at most) and try again.',
    ],
    [
      'unreadable_image',
      'wide.png looks like a damaged image: its size cannot be read. Save the logo again as PNG, JPEG or WebP and try again.',
    ],
  ])('says why the server refused a logo (400 file %s)', async (message, text) => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const log = serveOrganisation({
      status: 400,
      body: {
        code: 'validation_failed',
        message: 'validation_failed',
        errors: [{ property: 'file', message }],
      },
    });
    await renderRoute('/organisation', { user: aUser({ roles: ['ROLE_ADMIN'] }) });
    expect(await screen.findByText(/at most 1 MB and 4096 × 4096 pixels/)).toBeInTheDocument();
    await user.upload(
      screen.getByTestId('logo-input'),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'wide.png', { type: 'image/png' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Use this logo' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(log.some((r) => r.method === 'POST' && r.path === '/api/organisation/logo')).toBe(true);
  });

  it('is in the side navigation for admins only', async () => {
    serveOrganisation();
    await renderRoute('/home', { user: aUser({ roles: ['ROLE_ADMIN'] }) });
    const nav = (await screen.findAllByRole('navigation', { name: 'Main menu' }))[0]!;
    expect(nav).toHaveTextContent('Organisation');
  });
});

describe('the public top bar', () => {
  it("links to the organisation's website in a new tab and says so", async () => {
    serveOrganisation();
    await renderRoute('/login');
    const banner = await screen.findByRole('banner');
    const link = await within(banner).findByRole('link', {
      name: 'Back to the website (opens in a new tab)',
    });
    expect(link).toHaveAttribute('href', 'https://www.teststad.example');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
