import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Component as LandingPage } from './landing';

function renderLanding() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Landing page', () => {
  it('has a Get Started link to registration in the hero', () => {
    renderLanding();
    const hero = screen.getByRole('region', { name: /Your menu on every table/ });
    expect(hero).toContainElement(screen.getAllByRole('link', { name: /^Get Started/ })[0]!);
    expect(screen.getAllByRole('link', { name: /^Get Started/ })[0]).toHaveAttribute('href', '/register');
  });

  it('has the search, features, pricing and testimonials sections the header scrolls to', () => {
    const { container } = renderLanding();
    expect(screen.getByLabelText('Search restaurants')).toBeInTheDocument();
    for (const id of ['features', 'pricing', 'testimonials']) {
      expect(container.querySelector(`section#${id}`)).not.toBeNull();
    }
    expect(screen.getAllByRole('figure')).toHaveLength(3);
  });
});
