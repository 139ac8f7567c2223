import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Outlet, useRoutes } from 'react-router';
import { RouteErrorBoundary } from './RouteErrorBoundary';

function Broken(): never {
  throw new Error('render failed');
}

function Routes() {
  return useRoutes([
    {
      element: (
        <>
          <Link to="/fine">elsewhere</Link>
          <Outlet />
        </>
      ),
      children: [
        {
          element: <RouteErrorBoundary fallback={<p>error page</p>} />,
          children: [
            { path: '/broken', element: <Broken /> },
            { path: '/fine', element: <p>fine page</p> },
          ],
        },
      ],
    },
  ]);
}

describe('RouteErrorBoundary (the error element of the declarative router)', () => {
  it('shows the fallback for a page that throws, and the routes again after moving on', async () => {
    // React and the boundary report the error on the console: expected here, not a failure.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Routes />
      </MemoryRouter>,
    );
    expect(screen.getByText('error page')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(
      'A page failed while rendering',
      expect.any(Error),
      expect.anything(),
    );

    await userEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
    expect(await screen.findByText('fine page')).toBeInTheDocument();
    expect(screen.queryByText('error page')).not.toBeInTheDocument();
  });
});
