import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { aUser, renderRoute } from '../../test/renderRoute';

describe('route guard (spec §4)', () => {
  it('sends a guest from a signed-in page to /login', async () => {
    const { location } = await renderRoute('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
  });

  it('sends a guest from an admin page to /login too', async () => {
    const { location } = await renderRoute('/products');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(location().pathname).toBe('/login');
  });

  it('sends a user without the admin role from an admin page to /home', async () => {
    const { location } = await renderRoute('/front-desks', { user: aUser({ roles: ['ROLE_USER'] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(location().pathname).toBe('/home');
  });

  it('lets an admin open an admin page and shows the admin items in the navigation', async () => {
    const { location } = await renderRoute('/front-desks', { user: aUser({ roles: ['ROLE_ADMIN'] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Front desks' })).toBeInTheDocument();
    expect(location().pathname).toBe('/front-desks');
    const nav = screen.getAllByRole('navigation', { name: 'Main menu' })[0]!;
    expect(nav).toHaveTextContent('Products');
    expect(nav).toHaveTextContent('Calendar');
  });

  it('hides the admin items from a user', async () => {
    await renderRoute('/home', { user: aUser({ roles: ['ROLE_USER'] }) });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const nav = screen.getAllByRole('navigation', { name: 'Main menu' })[0]!;
    expect(nav).toHaveTextContent('Appointments');
    expect(nav).not.toHaveTextContent('Front desks');
    expect(nav).not.toHaveTextContent('Products');
  });

  it('shows staff the dashboard, calendar and appointments, and sends them from every set-up page to /home', async () => {
    const staff = aUser({ roles: ['ROLE_USER', 'ROLE_STAFF'] });
    for (const path of ['/front-desks', '/products', '/organisation', '/users', '/audit']) {
      const view = await renderRoute(path, { user: staff });
      expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
      expect(view.location().pathname, path).toBe('/home');
      const nav = screen.getAllByRole('navigation', { name: 'Main menu' })[0]!;
      const items = Array.from(nav.querySelectorAll('li'), (li) => li.textContent);
      expect(items).toEqual(['Dashboard', 'Calendar', 'Appointments']);
      view.unmount();
    }
  });

  it('sends unknown paths to /404', async () => {
    const { location } = await renderRoute('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(location().pathname).toBe('/404');
  });
});
