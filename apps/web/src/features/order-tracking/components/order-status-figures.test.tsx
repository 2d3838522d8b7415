import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { localKeys, localStore } from '@/lib/storage';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { socketServerForEachTest } from '@/test/socket-server';
import { customerToken, orderSummary } from '../testing/fixtures';
import { OrderStatusPage } from './order-status-page';

const path = '/customer/order-status';
const url = `${path}?orderId=42&restaurant_id=7`;

socketServerForEachTest();

const figure = (label: string) => screen.getByText(label).parentElement?.textContent;

describe("the status page's figures (docs/decisions/020-money-model.md)", () => {
  it("shows the subtotal, each tax, the service charge, the total and an online order's payment state", async () => {
    localStore.set(localKeys.customerToken, customerToken());
    stubFetch(() =>
      jsonResponse(
        200,
        orderSummary({
          total_amount: 39.65,
          subtotal: 33,
          tax: 3.35,
          tax_included: false,
          taxes: [
            { name: 'Food', rate_percent: 7, amount: 1.75 },
            { name: 'Alcohol', rate_percent: 20, amount: 1.6 },
          ],
          service: 3.3,
          payment_timing: 'end_of_meal',
          payment_state: 'unpaid',
        }),
      ),
    );
    renderRoute(OrderStatusPage, { path, url });

    expect(await screen.findByText('Tax (Food 7 %)')).toBeInTheDocument();
    expect(figure('Subtotal')).toBe('Subtotal$33.00');
    expect(figure('Tax (Food 7 %)')).toBe('Tax (Food 7 %)$1.75');
    expect(figure('Tax (Alcohol 20 %)')).toBe('Tax (Alcohol 20 %)$1.60');
    expect(figure('Service charge')).toBe('Service charge$3.30');
    expect(screen.getByText('$39.65')).toBeInTheDocument();
    expect(screen.getByText('Unpaid')).toBeInTheDocument();
  });

  it('shows the total only, and no payment state, for an order paid at the counter without tax', async () => {
    localStore.set(localKeys.customerToken, customerToken());
    stubFetch(() => jsonResponse(200, orderSummary({ total_amount: 31.5 })));
    renderRoute(OrderStatusPage, { path, url });

    expect(await screen.findByText('$31.50')).toBeInTheDocument();
    expect(screen.queryByText('Subtotal')).not.toBeInTheDocument();
    expect(screen.queryByText('Unpaid')).not.toBeInTheDocument();
  });
});
