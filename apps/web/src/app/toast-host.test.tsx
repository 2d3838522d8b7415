import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastsWanted } from '@/lib/toasts-wanted';
import { ToastHost } from './toast-host';

describe('ToastHost', () => {
  it('loads the toast container only once something imports react-toastify, and shows what was raised before', async () => {
    const { container } = render(<ToastHost />);
    expect(toastsWanted()).toBe(false);
    expect(container).toBeEmptyDOMElement();

    // What a form's module does when its page loads (vite.config.ts points this at lib/react-toastify).
    const { toast } = await import('react-toastify');
    expect(toastsWanted()).toBe(true);
    toast.success('Login successful');
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
  });
});
