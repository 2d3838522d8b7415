import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SetupSteps } from './setup-steps';

describe('SetupSteps', () => {
  it.each([1, 2, 3] as const)('shows step %i of 3 and marks it current', (current) => {
    render(<SetupSteps current={current} />);
    expect(screen.getByText(`Step ${current} of 3`)).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(current));
    const steps = screen.getAllByRole('listitem');
    ['Create Restaurant', 'Add Menu Items', 'Complete Setup'].forEach((name, index) => {
      expect(steps[index]).toHaveTextContent(name);
    });
    expect(steps[current - 1]).toHaveAttribute('aria-current', 'step');
    expect(steps.filter((step) => step.hasAttribute('aria-current'))).toHaveLength(1);
  });
});
