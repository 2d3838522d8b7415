import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { localStore } from '@/lib/storage';
import { Header } from './header';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.hash}`}</output>;
}

function renderHeader(initialPath: string, accountSlot?: React.ReactNode) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Header accountSlot={accountSlot} />
            <Outlet />
            <LocationProbe />
          </>
        ),
        children: [
          { index: true, element: <section id="pricing">Pricing section</section> },
          { path: '*', element: <p>Some page</p> },
        ],
      },
    ],
    { initialEntries: [initialPath] },
  );
  return render(<RouterProvider router={router} />);
}

function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
});

describe('Header', () => {
  it('clears all local storage and goes home when the logo is selected', async () => {
    localStore.set('CustomerToken', 'diner-token');
    localStore.set('currentCart', '[{"id":1}]');
    renderHeader('/contact');

    await userEvent.click(screen.getByRole('link', { name: 'TableServe home' }));

    expect(localStorage.length).toBe(0);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('becomes sticky only after the window scrolls more than 100 px', () => {
    renderHeader('/');
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-sticky', 'false');

    scrollWindowTo(100);
    expect(header).toHaveAttribute('data-sticky', 'false');

    scrollWindowTo(101);
    expect(header).toHaveAttribute('data-sticky', 'true');
    expect(header).toHaveClass('fixed');

    scrollWindowTo(20);
    expect(header).toHaveAttribute('data-sticky', 'false');
  });

  it('shows the landing links with their destinations', () => {
    renderHeader('/');
    // Both the desktop bar and the phone menu exist in markup; the bar is the one rendered now.
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(within(nav).getByRole('link', { name: 'Features' })).toHaveAttribute('href', '#features');
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
    expect(within(nav).getByRole('link', { name: 'Testimonials' })).toHaveAttribute('href', '#testimonials');
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  });

  it('sends a section link from another page to that section of the landing page', async () => {
    renderHeader('/about');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const pricing = within(nav).getByRole('link', { name: 'Pricing' });
    expect(pricing).toHaveAttribute('href', '/#pricing');

    await userEvent.click(pricing);

    expect(screen.getByTestId('location')).toHaveTextContent('/#pricing');
  });

  it('opens the phone menu from its button and closes it with Escape', async () => {
    const user = userEvent.setup();
    renderHeader('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    const menu = document.getElementById('mobile-menu');
    expect(menu).not.toBeNull();
    expect(within(menu!).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');

    await user.keyboard('{Escape}');
    expect(document.getElementById('mobile-menu')).toBeNull();
    expect(toggle).toHaveFocus();
  });

  it('closes the phone menu when one of its links navigates', async () => {
    const user = userEvent.setup();
    renderHeader('/');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    await user.click(within(document.getElementById('mobile-menu')!).getByRole('link', { name: 'Contact' }));

    expect(screen.getByTestId('location')).toHaveTextContent('/contact');
    expect(document.getElementById('mobile-menu')).toBeNull();
  });

  it('shows the account slot only on the menu, cart and checkout pages', () => {
    const { unmount } = renderHeader('/menu-display', <button type="button">Login as diner</button>);
    expect(screen.getByRole('button', { name: 'Login as diner' })).toBeInTheDocument();
    // Diner pages keep the bar quiet: no owner marketing links.
    expect(screen.queryByRole('link', { name: 'Pricing' })).not.toBeInTheDocument();
    unmount();

    renderHeader('/contact', <button type="button">Login as diner</button>);
    expect(screen.queryByRole('button', { name: 'Login as diner' })).not.toBeInTheDocument();
  });
});
