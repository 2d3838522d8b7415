import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from './contact-form';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ContactForm', () => {
  it('marks every field as required', () => {
    render(<ContactForm />);
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
  });

  it('shows an error under each blank field and focuses the first one', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = userEvent.setup();
    render(<ContactForm />);

    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('Message is required');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(open).not.toHaveBeenCalled();
  });

  it('treats a field of spaces as blank and rejects a malformed email', async () => {
    const user = userEvent.setup();
    render(<ContactForm />);

    await user.type(screen.getByLabelText('Name'), '   ');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
  });

  it('clears a field error as soon as the field is edited', async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    await user.type(screen.getByLabelText('Subject'), 'H');

    expect(screen.queryByText('Subject is required')).not.toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
  });

  it("opens the visitor's mail app with the message filled in", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = userEvent.setup();
    render(<ContactForm />);

    await user.type(screen.getByLabelText('Name'), 'Ana Ruiz');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Pricing & plans');
    await user.type(screen.getByLabelText('Message'), 'Do you offer a trial?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(open).toHaveBeenCalledTimes(1);
    const [url, target] = open.mock.calls[0] as [string, string];
    expect(target).toBe('_self');
    const mailto = new URL(url);
    expect(mailto.protocol).toBe('mailto:');
    expect(mailto.pathname).toBe('hello@tableserve.app');
    expect(mailto.searchParams.get('subject')).toBe('Pricing & plans');
    expect(mailto.searchParams.get('body')).toBe('Do you offer a trial?\r\n\r\nAna Ruiz\r\nana@example.com');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Thanks! Your message is ready to send in your email app.',
    );
  });
});
