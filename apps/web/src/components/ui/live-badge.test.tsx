import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveBadge } from './live-badge';

describe('LiveBadge', () => {
  it('tells the diner only once the page is live, and asks for a refresh once it is not', () => {
    const { container, rerender } = render(<LiveBadge state="connecting" audience="diner" />);
    expect(container).toBeEmptyDOMElement();
    rerender(<LiveBadge state="off" audience="diner" />);
    expect(container).toBeEmptyDOMElement();
    rerender(<LiveBadge state="live" audience="diner" />);
    expect(container).toHaveTextContent(/^Live updates$/);
    rerender(<LiveBadge state="offline" audience="diner" />);
    expect(container).toHaveTextContent(/^Offline · refresh for the latest$/);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each([
    ['connecting', 'Connecting…'],
    ['live', 'Live'],
    ['offline', 'Offline · reconnecting'],
  ] as const)('shows the staff every state as a status: %s', (state, text) => {
    render(<LiveBadge state={state} audience="staff" />);
    expect(screen.getByRole('status', { name: `Live updates: ${text}` })).toHaveTextContent(text);
  });
});
