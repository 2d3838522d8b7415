import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ScrollRestoration } from './scroll-restoration';

let scrollY = 0;
const scrolledIntoView: string[] = [];

beforeEach(() => {
  scrollY = 0;
  scrolledIntoView.length = 0;
  sessionStorage.clear();
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
    scrollY = y;
  }) as typeof window.scrollTo);
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolledIntoView.push(this.id);
  };
});
afterEach(() => vi.restoreAllMocks());

function scrollPageTo(y: number) {
  scrollY = y;
  window.dispatchEvent(new Event('scroll'));
}

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Back
    </button>
  );
}

function renderApp() {
  return render(
    <MemoryRouter initialEntries={['/list']}>
      <ScrollRestoration />
      <Routes>
        <Route
          path="/list"
          element={
            <>
              <Link to="/detail">Detail</Link>
              <Link to={{ pathname: '/home', hash: 'pricing' }}>Pricing</Link>
            </>
          }
        />
        <Route path="/detail" element={<Back />} />
        <Route path="/home" element={<section id="pricing">Pricing section</section>} />
      </Routes>
    </MemoryRouter>,
  );
}

it('opens a new page at the top and returns to where the last one was left on Back', async () => {
  renderApp();
  scrollPageTo(640);

  await userEvent.click(screen.getByRole('link', { name: 'Detail' }));
  expect(scrollY).toBe(0);

  await userEvent.click(screen.getByRole('button', { name: 'Back' }));
  expect(scrollY).toBe(640);
});

it('shows the section a link names by its #hash', async () => {
  renderApp();
  await act(() => userEvent.click(screen.getByRole('link', { name: 'Pricing' })));
  expect(screen.getByText('Pricing section')).toBeInTheDocument();
  expect(scrolledIntoView).toEqual(['pricing']);
});
