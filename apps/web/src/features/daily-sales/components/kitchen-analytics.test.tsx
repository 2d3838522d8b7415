import type { KitchenAnalyticsResponse } from '@tableserve/contract/kitchen-analytics';
import type { DailySalesResponse } from '@tableserve/contract/owner-orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '@/lib/storage';
import { captureDownloads } from '@/orders/testing/downloads';
import { jsonResponse, stubFetch } from '@/test/render-route';
import { SalesReport } from './sales-report';

/** Whether the chart's module (and so Chartist) has been loaded: it must wait for the Kitchen view. */
const chart = vi.hoisted(() => ({ loaded: false }));
vi.mock('./orders-by-hour-chart', () => {
  chart.loaded = true;
  return {
    default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sales: DailySalesResponse = {
  date: '2026-11-20',
  timezone: 'America/Los_Angeles',
  total_revenue: 0,
  total_orders: 0,
  orders: [],
};

const kitchen: KitchenAnalyticsResponse = {
  from: '2026-11-20',
  to: '2026-11-20',
  timezone: 'America/Los_Angeles',
  late_after_minutes: 20,
  orders: 5,
  prepared_orders: 3,
  average_preparation_seconds: 900,
  p90_preparation_seconds: 1530,
  late_orders: 2,
  hours: [
    { hour: 11, orders: 3 },
    { hour: 12, orders: 1 },
    { hour: 13, orders: 0 },
    { hour: 14, orders: 1 },
  ],
  best_sellers: [
    { product_name: 'Pizza', quantity: 4, orders: 3 },
    { product_name: 'Salad, "house"', quantity: 4, orders: 2 },
  ],
};

type FetchCall = Parameters<Parameters<typeof stubFetch>[0]>[0];

/** Answers each call by its path: the day's sales, or the kitchen's figures for its range. */
function serve(kitchenAnswer: (call: FetchCall) => Response = () => jsonResponse(200, kitchen)) {
  return stubFetch((call) =>
    call.url.includes('/kitchen-analytics') ? kitchenAnswer(call) : jsonResponse(200, sales),
  );
}

/** The widget on the 20th, with the report open on its Sales tab. */
async function openReport(user: ReturnType<typeof userEvent.setup>) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SalesReport restaurantId={7} token="owner-token" today="2026-11-20" />
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Sales Report' }));
  await user.click(screen.getByRole('button', { name: 'View report' }));
  await within(dialog()).findByText('No orders on this day.');
}

async function openKitchen(user: ReturnType<typeof userEvent.setup>) {
  await openReport(user);
  await user.click(within(dialog()).getByRole('tab', { name: 'Kitchen' }));
}

const dialog = () => screen.getByRole('dialog', { name: 'Daily Sales Report' });
const analyticsCalls = (calls: () => FetchCall[]) =>
  calls()
    .map((call) => call.url)
    .filter((url) => url.includes('/kitchen-analytics'));

describe("the report's Kitchen view", () => {
  it('asks for nothing and loads no chart until it is opened, then shows the figures', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    await openReport(user);
    expect(within(dialog()).getByRole('tab', { name: 'Sales' })).toHaveAttribute('aria-selected', 'true');
    expect(analyticsCalls(calls)).toEqual([]);
    expect(chart.loaded).toBe(false);

    await user.click(within(dialog()).getByRole('tab', { name: 'Kitchen' }));
    const popup = within(dialog());
    expect(await popup.findByText('15 min')).toBeInTheDocument();
    expect(analyticsCalls(calls)).toEqual([
      '/api/v1/owner/restaurant/7/kitchen-analytics?from=2026-11-20&to=2026-11-20&late_after=20',
    ]);
    expect(calls().at(-1)?.headers.Authorization).toBe('Bearer owner-token');
    expect(popup.getByRole('tabpanel', { name: 'Kitchen' })).toBeInTheDocument();
    const figure = (term: string) =>
      [...popup.getByText(term).parentElement!.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(figure('Average preparation')).toEqual(['15 min', 'Approved to Ready']);
    expect(figure('90% ready within')).toEqual(['25 min 30 s', '3 of 5 orders timed']);
    expect(figure('Late orders')).toEqual(['2 of 5', 'Ready 20+ min after ordering']);
    expect(figure('Busiest hour')).toEqual(['11 AM', '3 orders in that hour']);
    // The chart says what it shows, and the same counts are a table for whoever prefers one.
    expect(
      await popup.findByRole('img', { name: /^Orders by hour: 11 AM – 12 PM 3, 12 PM – 1 PM 1/ }),
    ).toBeInTheDocument();
    expect(chart.loaded).toBe(true);
    await user.click(popup.getByText('Show as table'));
    const table = popup.getByRole('table', { name: 'Orders by hour' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['HourOrders', '11 AM – 12 PM3', '12 PM – 1 PM1', '1 PM – 2 PM0', '2 PM – 3 PM1']);
    expect(
      within(popup.getByRole('region', { name: 'Best sellers' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1Pizza4 sold', '2Salad, "house"4 sold']);
  });

  it("counts late by this device's kitchen Timings, and reads the 7 days ending on the day", async () => {
    localStore.set('kitchenAgeing', JSON.stringify({ amberMinutes: 12, redMinutes: 25 }));
    const user = userEvent.setup();
    const { calls } = serve((call) =>
      jsonResponse(200, {
        ...kitchen,
        from: new URL(call.url, 'http://x').searchParams.get('from'),
        late_after_minutes: 25,
      }),
    );
    await openKitchen(user);
    expect(await within(dialog()).findByText('Ready 25+ min after ordering')).toBeInTheDocument();
    expect(within(dialog()).getByText('Friday, November 20, 2026')).toBeInTheDocument();

    const week = within(dialog()).getByRole('button', { name: '7 days' });
    expect(week).toHaveAttribute('aria-pressed', 'false');
    await user.click(week);
    expect(week).toHaveAttribute('aria-pressed', 'true');
    expect(await within(dialog()).findByText('Nov 14 – Nov 20, 2026')).toBeInTheDocument();
    await waitFor(() =>
      expect(analyticsCalls(calls)).toEqual([
        '/api/v1/owner/restaurant/7/kitchen-analytics?from=2026-11-20&to=2026-11-20&late_after=25',
        '/api/v1/owner/restaurant/7/kitchen-analytics?from=2026-11-14&to=2026-11-20&late_after=25',
      ]),
    );
  });

  it('moves between Sales and Kitchen with the arrow keys', async () => {
    const user = userEvent.setup();
    serve();
    await openKitchen(user);
    const kitchenTab = within(dialog()).getByRole('tab', { name: 'Kitchen' });
    expect(kitchenTab).toHaveAttribute('aria-selected', 'true');
    kitchenTab.focus();
    await user.keyboard('{ArrowLeft}');
    const salesTab = within(dialog()).getByRole('tab', { name: 'Sales' });
    expect(salesTab).toHaveFocus();
    expect(salesTab).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog()).getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog()).getByRole('tab', { name: 'Kitchen' })).toHaveFocus();
  });

  it('exports Kitchen_Analytics_{date}.csv: the summary, the hours and the best sellers', async () => {
    const user = userEvent.setup();
    serve();
    const { blobs, downloads } = captureDownloads('blob:kitchen');
    await openKitchen(user);
    await within(dialog()).findByText('15 min');
    await user.click(within(dialog()).getByRole('button', { name: 'Export kitchen CSV' }));
    await waitFor(() => expect(downloads).toEqual(['Kitchen_Analytics_2026-11-20.csv blob:kitchen']));
    expect((await blobs[0]!.text()).split('\r\n')).toEqual([
      'Section,Item,Value',
      'Summary,From,2026-11-20',
      'Summary,To,2026-11-20',
      'Summary,Time zone,America/Los_Angeles',
      'Summary,Orders,5',
      'Summary,Prepared orders,3',
      'Summary,Average preparation (min),15.00',
      'Summary,90% ready within (min),25.50',
      'Summary,Late after (min),20',
      'Summary,Late orders,2',
      'Orders by hour,11:00,3',
      'Orders by hour,12:00,1',
      'Orders by hour,13:00,0',
      'Orders by hour,14:00,1',
      'Best sellers,Pizza,4',
      'Best sellers,"Salad, ""house""",4',
    ]);
  });

  it("only logs a failure and shows 'No kitchen data', with nothing to export", async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve(() => jsonResponse(500, { message: 'down' }));
    await openKitchen(user);
    expect(await within(dialog()).findByText('No kitchen data')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Export kitchen CSV' })).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Could not load the kitchen analytics', expect.anything()),
    );
  });

  it('says so when the range had no orders, and shows a dash where nothing was timed', async () => {
    const user = userEvent.setup();
    serve(() =>
      jsonResponse(200, {
        ...kitchen,
        orders: 0,
        prepared_orders: 0,
        late_orders: 0,
        hours: [],
        best_sellers: [],
        average_preparation_seconds: null,
        p90_preparation_seconds: null,
      }),
    );
    await openKitchen(user);
    expect(await within(dialog()).findByText('No orders to analyse in this range.')).toBeInTheDocument();
    expect(within(dialog()).queryByText('Average preparation')).toBeNull();
  });
});
