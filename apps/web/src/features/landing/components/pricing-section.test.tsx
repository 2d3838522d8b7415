import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PricingSection } from './pricing-section';

function renderPricing() {
  return render(
    <MemoryRouter>
      <PricingSection />
    </MemoryRouter>,
  );
}

describe('PricingSection', () => {
  it('shows exactly Starter $50/month, Professional $100/month and Enterprise $200/month', () => {
    renderPricing();
    const plans = screen.getAllByRole('group');
    expect(plans).toHaveLength(3);
    const summary = plans.map((plan) => {
      const name = within(plan).getByRole('heading').textContent;
      const price = within(plan).getByText(
        (_, element) => element?.tagName === 'P' && /^\$\d+\/month$/.test(element.textContent ?? ''),
      );
      return `${name} ${price.textContent}`;
    });
    expect(summary).toEqual(['Starter $50/month', 'Professional $100/month', 'Enterprise $200/month']);
  });

  it('sends every plan to registration and marks Professional as most popular', () => {
    renderPricing();
    for (const name of ['Starter', 'Professional', 'Enterprise']) {
      expect(screen.getByRole('link', { name: `Get Started with ${name}` })).toHaveAttribute(
        'href',
        '/register',
      );
    }
    const professional = screen.getByRole('group', { name: 'Professional' });
    expect(within(professional).getByText('Most popular')).toBeInTheDocument();
  });

  it('is the #pricing anchor the header links to', () => {
    const { container } = renderPricing();
    expect(container.querySelector('section#pricing')).not.toBeNull();
  });
});
