import { ownerOrderMessages } from '@tableserve/contract/owner-orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ToastContainer, toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '@/lib/storage';
import { deferred, jsonResponse, stubFetch } from '@/test/render-route';
import { useOrderCardActions } from './use-order-card-actions';

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

describe("an order card's delete (docs/product/staff-screens.md#order-management)", () => {
  it('sets the orderDeleted flag and says so even when the card is gone before the answer', async () => {
    render(<ToastContainer autoClose={false} />);
    const answer = deferred<Response>();
    stubFetch(() => answer.promise);
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result, unmount } = renderHook(() => useOrderCardActions(7, 'owner-token', 5), { wrapper });

    act(() => result.current.remove.mutate());
    // The live order_deleted event takes the card away while the DELETE is still out.
    unmount();
    answer.resolve(jsonResponse(200, { message: 'Order deleted' }));

    expect(await screen.findByText(ownerOrderMessages.orderDeleted(5))).toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem(sessionKeys.orderDeleted)).toBe('true'));
  });
});
