import { AUDIT_ACTION_LABELS, type AuditEntry } from '@tableserve/contract/audit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '@/orders/testing/downloads';
import { jsonResponse, stubFetch } from '@/test/render-route';
import { AuditTrail } from './audit-trail-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-11-21T03:05:00.000Z',
  actor_kind: 'staff',
  actor_id: 3,
  actor_name: 'Sam Server',
  action: 'order.paid',
  object_type: 'order',
  object_id: 12,
  object_name: null,
  before: { status: 'Ready' },
  after: { status: 'Completed' },
  value_names: {},
  ...overrides,
});

const entries = [
  entry({}),
  entry({
    id: 2,
    at: '2026-11-21T02:00:00.000Z',
    actor_kind: 'owner',
    actor_id: 1,
    actor_name: '=HYPERLINK("http://evil")',
    action: 'menu_item.updated',
    object_type: 'menu_item',
    object_id: 4,
    object_name: 'Margherita',
    before: { price: 12.5, tax_rate_id: null },
    after: { price: 14, tax_rate_id: 2 },
    value_names: { 'tax_rate:2': 'Food (8.875 %)' },
  }),
];

const actors = [
  { kind: 'owner', id: 1, name: 'Ada Lovelace' },
  { kind: 'staff', id: 3, name: 'Sam Server' },
  { kind: 'device', id: 7, name: 'Pass tablet' },
];

function renderTrail(shown: AuditEntry[] = entries, people: typeof actors = actors) {
  const { calls } = stubFetch(({ url }) =>
    url.includes('/audit/actors')
      ? jsonResponse(200, { actors: people })
      : jsonResponse(200, {
          entries: shown,
          pagination: { page: 1, per_page: 20, total: shown.length, total_pages: 1 },
          timezone: 'America/Los_Angeles',
        }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuditTrail restaurantId={5} token="owner-token" userId={1} />
    </QueryClientProvider>,
  );
  const trailCalls = () =>
    calls()
      .map((call) => call.url)
      .filter((url) => !url.includes('/actors'));
  return { trailCalls };
}

describe('Audit trail screen (docs/product/staff.md#audit-trail)', () => {
  it("shows who did what, in the restaurant's zone, with the change before → after", async () => {
    renderTrail();
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'TimeWhoActionObjectChange',
      'Nov 20, 2026, 7:05 PMSam ServerStaffMarked an order paidOrder #12status: Ready → Completed',
      'Nov 20, 2026, 6:00 PM=HYPERLINK("http://evil")OwnerChanged a dishMargheritaprice: $12.50 → $14.00tax rate: Default rate → Food (8.875 %)',
    ]);
  });

  it('asks the server for the person, action and day chosen, from page 1', async () => {
    const user = userEvent.setup();
    const { trailCalls } = renderTrail();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Person'), 'Pass tablet (Device)');
    await user.selectOptions(screen.getByLabelText('Action'), 'Marked an order ready');
    await user.type(screen.getByLabelText('Day'), '2026-11-20');
    await waitFor(() =>
      expect(trailCalls().at(-1)).toBe(
        '/api/v1/owner/restaurant/5/audit?page=1&per_page=20&actor_kind=device&actor_id=7&action=order.ready&day=2026-11-20',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(trailCalls().at(-1)).toBe('/api/v1/owner/restaurant/5/audit?page=1&per_page=20'),
    );
    expect(screen.getByLabelText('Person')).toHaveValue('');
  });

  it("reads TableServe's own steps (docs/product/payments.md#order-changes): the refund's amount and reason, the sweep's reason", async () => {
    const user = userEvent.setup();
    const system = { actor_kind: 'system', actor_id: 0, actor_name: 'TableServe' } as const;
    const { trailCalls } = renderTrail(
      [
        entry({
          id: 3,
          ...system,
          action: 'order.refunded',
          before: null,
          after: { amount: 24.44, reason: 'Order cancelled', automatic: true },
        }),
        entry({
          id: 4,
          at: '2026-11-21T02:00:00.000Z',
          ...system,
          action: 'order.cancelled',
          object_id: 13,
          before: { status: 'Pending' },
          after: { status: 'Cancelled', reason: 'Not paid within 15 minutes' },
        }),
      ],
      [...actors, { kind: 'system', id: 0, name: 'TableServe' }],
    );
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'Nov 20, 2026, 7:05 PMTableServeRefunded an orderOrder #12amount: $24.44reason: Order cancelled',
      'Nov 20, 2026, 6:00 PMTableServeCancelled an orderOrder #13status: Pending → Cancelledreason: Not paid within 15 minutes',
    ]);
    await user.selectOptions(screen.getByLabelText('Person'), 'TableServe');
    await waitFor(() =>
      expect(trailCalls().at(-1)).toBe(
        '/api/v1/owner/restaurant/5/audit?page=1&per_page=20&actor_kind=system&actor_id=0',
      ),
    );
    await user.selectOptions(screen.getByLabelText('Action'), 'Refunded an order');
    await waitFor(() => expect(trailCalls().at(-1)).toContain('action=order.refunded'));
  });

  it("reads a refund's lines and the payment settings in words, on screen and in the CSV alike, and offers every action in the filter", async () => {
    const user = userEvent.setup();
    renderTrail([
      entry({
        id: 5,
        actor_kind: 'owner',
        actor_name: 'Ada Lovelace',
        action: 'order.refunded',
        before: null,
        after: { amount: 12.5, reason: 'Cold pizza', lines: [{ order_item_id: 55, amount: 12.5 }] },
        value_names: { 'order_item:55': '1 × Pizza' },
      }),
      entry({
        id: 6,
        actor_kind: 'owner',
        actor_name: 'Ada Lovelace',
        action: 'restaurant.payment_settings_changed',
        object_type: 'restaurant',
        object_id: 5,
        before: { payment_timing: 'counter' },
        after: { payment_timing: 'end_of_meal' },
      }),
      entry({
        id: 7,
        action: 'staff.role_changed',
        object_type: 'staff',
        object_id: 3,
        object_name: 'Rosa Marin',
        before: { role: 'server' },
        after: { role: 'manager' },
      }),
    ]);
    const table = await screen.findByRole('table');
    const changes = [
      'amount: $12.50items: 1 × Pizza $12.50reason: Cold pizza',
      'diners pay: At the counter → At the end of the meal',
      'role: Server → Manager',
    ];
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.lastElementChild?.textContent),
    ).toEqual(changes);
    expect(within(table).getByText('Rosa Marin')).toBeInTheDocument();
    const actions = within(screen.getByLabelText('Action'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(actions).toEqual(['Any action', ...Object.values(AUDIT_ACTION_LABELS)]);
    expect(actions).toContain('Refunded an order');

    const { blobs } = captureDownloads('blob:audit');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const rows = (await blobs[0]!.text()).split('\r\n').slice(1);
    expect(rows).toEqual([
      '"Nov 20, 2026, 7:05 PM",Ada Lovelace,Refunded an order,Order #12,amount: $12.50; items: 1 × Pizza $12.50; reason: Cold pizza',
      '"Nov 20, 2026, 7:05 PM",Ada Lovelace,Changed the payment settings,Restaurant,diners pay: At the counter → At the end of the meal',
      '"Nov 20, 2026, 7:05 PM",Sam Server,Changed a person\'s role,Rosa Marin,role: Server → Manager',
    ]);
  });

  it('exports the filtered trail as CSV, a formula typed as a name opening as text', async () => {
    const user = userEvent.setup();
    const { trailCalls } = renderTrail();
    await screen.findByRole('table');
    const { blobs, downloads } = captureDownloads('blob:audit');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toEqual(['audit-trail.csv blob:audit']));
    expect(trailCalls().at(-1)).toBe('/api/v1/owner/restaurant/5/audit?page=1&per_page=50');
    expect(await blobs[0]!.text()).toBe(
      [
        'Time,Who,Action,Object,Change',
        '"Nov 20, 2026, 7:05 PM",Sam Server,Marked an order paid,Order #12,status: Ready → Completed',
        `"Nov 20, 2026, 6:00 PM","'=HYPERLINK(""http://evil"")",Changed a dish,Margherita,price: $12.50 → $14.00; tax rate: Default rate → Food (8.875 %)`,
      ].join('\r\n'),
    );
  });
});
