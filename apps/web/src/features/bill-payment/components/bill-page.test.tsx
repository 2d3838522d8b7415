import { billPageMessages } from '@tableserve/contract/bill-page';
import { billMessages } from '@tableserve/contract/bills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionKeys, sessionStore } from '@/lib/storage';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { socketServerForEachTest } from '@/test/socket-server';
import { billLine, billView } from '../testing/bill-fixtures';
import { BillPage } from './bill-page';

const server = socketServerForEachTest();

/** Table 4's bill as its card opens it: the menu token, the table and the table's key. */
const tableUrl = '/bill?token=menu-token&table=4&key=table-four-key00';
const tableCode = { token: 'menu-token', table: '4', key: 'table-four-key00' };
const futureExpiry = `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;

function fillCard(number = '4242 4242 4242 4242') {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: futureExpiry } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
}

const payButton = () => screen.getByRole('button', { name: /^Pay \$/ });

const payment = (overrides = {}) => ({
  payment_id: 9,
  status: 'pending',
  amount: 40.01,
  tip: 0,
  charged: 40.01,
  card_last4: '4242',
  failure_message: null,
  receipt_token: 'receipt-secret',
  ...overrides,
});

function openTableBill(
  pay: () => Response = () => jsonResponse(202, { payment: payment(), bill: billView() }),
) {
  const fetched = stubFetch(({ url, method }) => {
    if (method === 'POST') return pay();
    if (url.includes('/payments/')) return jsonResponse(200, payment({ status: 'succeeded' }));
    return jsonResponse(200, billView());
  });
  renderRoute(BillPage, { path: '/bill', url: tableUrl });
  return fetched;
}

describe('BillPage', () => {
  it("opens the table's bill with its code and shows every figure", async () => {
    const { calls } = openTableBill();
    expect(await screen.findByRole('heading', { level: 1, name: 'Paprika Kitchen' })).toBeInTheDocument();
    expect(calls()[0]).toMatchObject({
      url: '/api/v1/table-bill?token=menu-token&table=4&key=table-four-key00',
      method: 'GET',
    });
    expect(screen.getByText(`${billPageMessages.title} · Table 4`)).toBeInTheDocument();
    const lines = within(screen.getByRole('list', { name: 'Bill lines' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      '1 × Margherita Pizza$30.00',
      '1 × House Red$10.01',
    ]);
    expect(screen.getByText(billPageMessages.leftToPay).nextSibling).toHaveTextContent('$40.01');
    expect(payButton()).toHaveTextContent('Pay $40.01');
    expect(payButton()).toBeDisabled();
    fillCard();
    expect(payButton()).toBeEnabled();
  });

  it('shows taxes by rate, added or included, and the service charge', async () => {
    stubFetch(() =>
      jsonResponse(
        200,
        billView({
          tax_included: true,
          taxes: [{ name: 'VAT', rate_percent: 20, amount: 6.67 }],
          service: 2,
        }),
      ),
    );
    renderRoute(BillPage, { path: '/bill', url: tableUrl });
    expect(await screen.findByText(billPageMessages.includes('VAT 20 %'))).toBeInTheDocument();
    expect(screen.getByText(billPageMessages.serviceCharge).nextSibling).toHaveTextContent('$2.00');
  });

  it('says item prices include tax and service, in plain words, and what the tip is worked out on', async () => {
    const user = userEvent.setup();
    const lines = [
      billLine(11, 'Margherita Pizza', 38.35, { amount: 30, tax: 2.95, service: 5.4 }),
      billLine(12, 'House Red', 12.8, { amount: 10, tax: 1, service: 1.8 }),
    ];
    stubFetch(() =>
      jsonResponse(
        200,
        billView({
          lines,
          subtotal: 40,
          taxes: [{ name: 'Sales tax', rate_percent: 9.875, amount: 3.95 }],
          tax: 3.95,
          service: 7.2,
          total: 51.15,
          outstanding: 51.15,
        }),
      ),
    );
    renderRoute(BillPage, { path: '/bill', url: tableUrl });
    const tip = await screen.findByRole('group', { name: billPageMessages.tip });
    expect(tip).toHaveTextContent(
      `${billPageMessages.tipBase('$51.15')} ${billPageMessages.serviceIncluded('$7.20')}`,
    );
    await user.click(screen.getByRole('radio', { name: billPageMessages.payItems }));
    expect(
      screen.getByText(billPageMessages.allInPrices(billPageMessages.taxAndService)),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Margherita Pizza/ }));
    expect(
      screen.getByRole('button', { name: `${billPageMessages.sharedWith('Margherita Pizza')}: more` }),
    ).toBeInTheDocument();
    expect(tip).toHaveTextContent(billPageMessages.tipBase('$38.35'));
  });

  it('splits evenly by ways and parts, with a preset tip on the part', async () => {
    const user = userEvent.setup();
    openTableBill();
    await user.click(await screen.findByRole('radio', { name: billPageMessages.payEven }));
    await user.click(screen.getByRole('button', { name: `${billPageMessages.ways}: more` }));
    expect(payButton()).toHaveTextContent('Pay $13.34');
    await user.click(screen.getByRole('button', { name: `${billPageMessages.parts}: more` }));
    expect(payButton()).toHaveTextContent('Pay $26.68');
    await user.click(screen.getByRole('radio', { name: '15 % $4.00' }));
    expect(payButton()).toHaveTextContent('Pay $30.68');
  });

  it('pays a shared dish by its share, and a typed amount', async () => {
    const user = userEvent.setup();
    openTableBill();
    await user.click(await screen.findByRole('radio', { name: billPageMessages.payItems }));
    await user.click(screen.getByRole('checkbox', { name: /House Red/ }));
    const sharedBy = billPageMessages.sharedWith('House Red');
    await user.click(screen.getByRole('button', { name: `${sharedBy}: more` }));
    await user.click(screen.getByRole('button', { name: `${sharedBy}: more` }));
    expect(screen.getByText(`${billPageMessages.yourPart}: $3.34`)).toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Pay $3.34');

    await user.click(screen.getByRole('radio', { name: billPageMessages.payAmount }));
    await user.type(screen.getByLabelText(billPageMessages.amountLabel), '50');
    expect(screen.getByText(billMessages.overOutstanding)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(billPageMessages.amountLabel));
    await user.type(screen.getByLabelText(billPageMessages.amountLabel), '12.5');
    expect(payButton()).toHaveTextContent('Pay $12.50');
  });

  it('asks to confirm a tip above what the diner pays, then pays with one Idempotency-Key', async () => {
    const user = userEvent.setup();
    const { calls } = openTableBill();
    await user.click(await screen.findByRole('radio', { name: billPageMessages.payAmount }));
    await user.type(screen.getByLabelText(billPageMessages.amountLabel), '10');
    await user.click(screen.getByRole('radio', { name: billPageMessages.customTip }));
    await user.type(screen.getByLabelText(billPageMessages.customTipLabel), '10.01');
    await user.type(screen.getByLabelText(billPageMessages.receiptEmail), 'ana@example.com');
    fillCard();
    await user.click(payButton());

    const dialog = screen.getByRole('dialog', { name: billPageMessages.confirmTipTitle });
    expect(dialog).toHaveTextContent(billPageMessages.confirmTip('$10.01', '$10.00'));
    expect(calls().filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: billPageMessages.confirmTipYes }));

    expect(await screen.findByText(billMessages.paid)).toBeInTheDocument();
    const post = calls().find((call) => call.method === 'POST');
    expect(post).toMatchObject({
      url: '/api/v1/bills/5/payments',
      body: {
        table_code: tableCode,
        version: 3,
        split: { kind: 'amount', amount: 10 },
        tip: { kind: 'amount', amount: 10.01 },
        payment_method_id: 'pm_card_visa',
        receipt_email: 'ana@example.com',
      },
    });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('changes nothing when the diner changes the tip instead of confirming it', async () => {
    const user = userEvent.setup();
    const { calls } = openTableBill();
    await user.click(await screen.findByRole('radio', { name: billPageMessages.customTip }));
    await user.type(screen.getByLabelText(billPageMessages.customTipLabel), '41');
    fillCard();
    await user.click(payButton());
    await user.click(screen.getByRole('button', { name: billPageMessages.confirmTipNo }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls().filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('follows a payment to paid: the card, the part, the tip and the receipt where the diner looks, and no pay form', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch(({ url, method }) => {
      if (method === 'POST')
        return jsonResponse(202, {
          payment: payment({ amount: 30, charged: 30 }),
          bill: billView({ pending: 30, outstanding: 10.01 }),
        });
      if (url.includes('/payments/'))
        return jsonResponse(200, payment({ status: 'succeeded', amount: 30, charged: 30 }));
      return jsonResponse(200, billView());
    });
    renderRoute(BillPage, { path: '/bill', url: tableUrl });
    await user.click(await screen.findByRole('radio', { name: billPageMessages.payAmount }));
    await user.type(screen.getByLabelText(billPageMessages.amountLabel), '30');
    fillCard();
    await user.click(payButton());

    const heading = await screen.findByRole('heading', { level: 2, name: billPageMessages.yourPayment });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(billMessages.paid)).toBeInTheDocument();
    const paid = within(screen.getByRole('list', { name: billPageMessages.yourPayments }));
    expect(paid.getByText(billPageMessages.cardEnding('4242'))).toBeInTheDocument();
    expect(paid.getByText(billPageMessages.paymentAmount).nextSibling).toHaveTextContent('$30.00');
    expect(paid.getByText(billPageMessages.paymentTip).nextSibling).toHaveTextContent('$0.00');
    expect(paid.getByText(billPageMessages.paymentCharged).nextSibling).toHaveTextContent('$30.00');
    expect(paid.getByRole('link', { name: billPageMessages.downloadReceipt })).toHaveAttribute(
      'href',
      '/api/v1/bills/5/payments/9/receipt.pdf?receipt_token=receipt-secret',
    );
    expect(
      calls().some(
        (call) => call.url === '/api/v1/bills/5/payments/9?token=menu-token&table=4&key=table-four-key00',
      ),
    ).toBe(true);
    expect(JSON.parse(sessionStore.get(sessionKeys.billReceipts) ?? '[]')).toEqual([
      {
        billId: 5,
        paymentId: 9,
        receiptToken: 'receipt-secret',
        table: { token: 'menu-token', table: 4 },
        savedAt: expect.any(Number),
      },
    ]);
  });

  it('offers the pay form again only when the diner chooses to pay for someone else too', async () => {
    sessionStore.set(
      sessionKeys.billReceipts,
      JSON.stringify([{ billId: 5, paymentId: 9, receiptToken: 'receipt-secret' }]),
    );
    const paidPart = {
      payment_id: 9,
      amount: 30,
      tip: 4.5,
      status: 'succeeded' as const,
      card_last4: '4242',
      created_at: '2025-01-01T12:00:00Z',
    };
    stubFetch(({ url }) =>
      url.includes('/payments/')
        ? jsonResponse(200, payment({ status: 'succeeded', amount: 30, tip: 4.5 }))
        : jsonResponse(200, billView({ paid: 30, outstanding: 10.01, payments: [paidPart] })),
    );
    renderRoute(BillPage, { path: '/bill', url: tableUrl });
    expect(
      await screen.findByRole('heading', { level: 2, name: billPageMessages.yourPayment }),
    ).toBeInTheDocument();
    expect(screen.getByText(billPageMessages.paymentTip).nextSibling).toHaveTextContent('$4.50');
    expect(screen.getByText(billPageMessages.paymentCharged).nextSibling).toHaveTextContent('$34.50');
    expect(screen.getByText(billPageMessages.leftForOthers('$10.01'))).toBeInTheDocument();
    const payMore = await screen.findByRole('button', { name: billPageMessages.payForSomeoneElse });
    expect(screen.queryByRole('button', { name: /^Pay \$/ })).not.toBeInTheDocument();

    await userEvent.setup().click(payMore);

    expect(payButton()).toHaveTextContent('Pay $10.01');
    expect(
      screen.queryByRole('button', { name: billPageMessages.payForSomeoneElse }),
    ).not.toBeInTheDocument();
  });

  describe('a card whose bank asks for 3-D Secure (the test provider’s challenge)', () => {
    /** Pay answers the challenge's client secret; the payment stays pending until it is answered. */
    function payWithChallenge() {
      let settled: 'succeeded' | 'failed' | null = null;
      const fetched = stubFetch(({ url, method }) => {
        if (method === 'POST' && url.endsWith('/payments'))
          return jsonResponse(202, {
            payment: payment({
              charged: 44.01,
              tip: 4,
              card_last4: null,
              next_action: { type: 'authenticate', client_secret: 'pi_3ds_test_x_secret_y' },
            }),
            bill: billView({ pending: 40.01, outstanding: 0 }),
          });
        if (method === 'POST' && url.endsWith('/test-authentication')) {
          settled = 'succeeded';
          return jsonResponse(202, payment({ charged: 44.01 }));
        }
        if (method === 'POST' && url.endsWith('/cancel')) {
          settled = 'failed';
          return jsonResponse(
            200,
            payment({ status: 'failed', failure_message: billMessages.authenticationCancelled }),
          );
        }
        if (url.includes('/payments/'))
          return jsonResponse(
            200,
            payment({
              charged: 44.01,
              status: settled ?? 'pending',
              failure_message: settled === 'failed' ? billMessages.authenticationCancelled : null,
            }),
          );
        return jsonResponse(
          200,
          settled === 'failed' || settled === null ? billView() : billView({ paid: 40.01, outstanding: 0 }),
        );
      });
      renderRoute(BillPage, { path: '/bill', url: tableUrl });
      return fetched;
    }

    async function pay(user: ReturnType<typeof userEvent.setup>) {
      await screen.findByRole('heading', { level: 1, name: 'Paprika Kitchen' });
      fillCard('4000 0027 6000 3184');
      await user.click(payButton());
      return screen.findByRole('dialog', { name: billPageMessages.authenticateTitle });
    }

    it('opens the challenge while the payment is being confirmed; completing it pays', async () => {
      const user = userEvent.setup();
      const { calls } = payWithChallenge();
      const dialog = await pay(user);
      expect(dialog).toHaveTextContent(billPageMessages.authenticateBody('$44.01'));
      expect(screen.getByText(billMessages.processing)).toBeInTheDocument();
      expect(calls().find((call) => call.method === 'POST')?.body).toMatchObject({
        payment_method_id: 'pm_card_threeDSecure2Required',
      });

      await user.click(within(dialog).getByRole('button', { name: billPageMessages.authenticateComplete }));
      expect(await screen.findByText(billMessages.paid)).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(calls().find((call) => call.url.endsWith('/test-authentication'))).toMatchObject({
        url: '/api/v1/bills/5/payments/9/test-authentication',
        method: 'POST',
        body: {
          table_code: tableCode,
          receipt_token: 'receipt-secret',
          outcome: 'complete',
        },
      });
      // Answered: a reload would not open it again.
      expect(JSON.parse(sessionStore.get(sessionKeys.billReceipts) ?? '[]')).toEqual([
        {
          billId: 5,
          paymentId: 9,
          receiptToken: 'receipt-secret',
          clientSecret: null,
          table: { token: 'menu-token', table: 4 },
          savedAt: expect.any(Number),
        },
      ]);
    });

    it('cancels the payment when the diner cancels the challenge, says so, and offers to pay again', async () => {
      const user = userEvent.setup();
      const { calls } = payWithChallenge();
      const dialog = await pay(user);
      await user.click(within(dialog).getByRole('button', { name: billPageMessages.authenticateCancel }));

      expect(await screen.findByRole('alert')).toHaveTextContent(billMessages.authenticationCancelled);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(calls().find((call) => call.url.endsWith('/cancel'))).toMatchObject({
        url: '/api/v1/bills/5/payments/9/cancel',
        body: { table_code: tableCode, receipt_token: 'receipt-secret' },
      });
      expect(calls().some((call) => call.url.endsWith('/test-authentication'))).toBe(false);
      expect(await screen.findByRole('button', { name: /^Pay \$/ })).toHaveTextContent('Pay $40.01');
    });

    it('reopens a challenge still waiting after a reload', async () => {
      sessionStore.set(
        sessionKeys.billReceipts,
        JSON.stringify([
          { billId: 5, paymentId: 9, receiptToken: 'receipt-secret', clientSecret: 'pi_3ds_test_x_secret_y' },
        ]),
      );
      payWithChallenge();
      expect(
        await screen.findByRole('dialog', { name: billPageMessages.authenticateTitle }),
      ).toBeInTheDocument();
    });
  });

  it('says why a card was declined, and the next tap is a new attempt', async () => {
    const user = userEvent.setup();
    const { calls } = openTableBill(() => jsonResponse(402, { message: billMessages.declined }));
    await screen.findByRole('heading', { level: 1, name: 'Paprika Kitchen' });
    fillCard('4000 0000 0000 0002');
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(billMessages.declined);
    await user.click(payButton());
    const keys = calls()
      .filter((call) => call.method === 'POST')
      .map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('retries a payment that got no answer with the same Idempotency-Key', async () => {
    const user = userEvent.setup();
    let answered = false;
    const { calls } = openTableBill(() => {
      if (answered) return jsonResponse(202, { payment: payment(), bill: billView() });
      answered = true;
      throw new TypeError('Failed to fetch');
    });
    await screen.findByRole('heading', { level: 1, name: 'Paprika Kitchen' });
    fillCard();
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(billPageMessages.network);
    await user.click(payButton());
    await screen.findByText(billMessages.paid);
    const keys = calls()
      .filter((call) => call.method === 'POST')
      .map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('shows what is left when someone else paid first, keeping the choices still possible', async () => {
    const user = userEvent.setup();
    const changed = billView({
      version: 4,
      paid: 3.34,
      outstanding: 36.67,
      lines: [
        billLine(11, 'Margherita Pizza', 30),
        billLine(12, 'House Red', 10.01, { share_count: 3, shares_taken: [0], left: 6.67 }),
      ],
    });
    openTableBill(() =>
      jsonResponse(409, { message: billMessages.changed, code: 'BILL_CHANGED', bill: changed }),
    );
    await user.click(await screen.findByRole('radio', { name: billPageMessages.payItems }));
    await user.click(screen.getByRole('checkbox', { name: /House Red/ }));
    fillCard();
    await user.click(payButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(billMessages.changed);
    expect(screen.getByText(billPageMessages.leftToPay).nextSibling).toHaveTextContent('$36.67');
    expect(screen.getByText(billPageMessages.sharesPaid(1, 3))).toBeInTheDocument();
    // The wine stays ticked, now one of the three shares someone chose: $3.34 (334, 334, 333 cents).
    expect(screen.getByRole('checkbox', { name: /House Red/ })).toBeChecked();
    expect(
      screen.getByRole('button', { name: `${billPageMessages.sharedWith('House Red')}: more` }),
    ).toBeDisabled();
    expect(payButton()).toHaveTextContent('Pay $3.34');
  });

  it("follows the table's bill live with the table's code: someone else's payment shows at once", async () => {
    let bill = billView();
    stubFetch(() => jsonResponse(200, bill));
    renderRoute(BillPage, { path: '/bill', url: tableUrl });
    await screen.findByRole('heading', { level: 1, name: 'Paprika Kitchen' });
    await waitFor(() =>
      expect(server().handshakes).toEqual([{ restaurantId: '7', tableCode, transport: 'websocket' }]),
    );
    await waitFor(() => expect(server().connectedCount()).toBe(1));
    bill = billView({ version: 4, paid: 20, outstanding: 20.01 });
    server().emit('bill.updated', { bill_id: 5 });
    await waitFor(() =>
      expect(screen.getByText(billPageMessages.leftToPay).nextSibling).toHaveTextContent('$20.01'),
    );
  });

  it('says the bill is paid, with no way to pay', async () => {
    stubFetch(() => jsonResponse(200, billView({ status: 'paid', paid: 40.01, outstanding: 0 })));
    renderRoute(BillPage, { path: '/bill', url: tableUrl });
    expect(
      await screen.findByRole('heading', { level: 2, name: billPageMessages.paidBadge }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(billPageMessages.billSettled);
    expect(screen.queryByRole('button', { name: /^Pay \$/ })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: billPageMessages.payForSomeoneElse }),
    ).not.toBeInTheDocument();
  });

  it("reopened by the table's code once paid, shows the bill this tab paid: Paid, with its receipt", async () => {
    sessionStore.set(
      sessionKeys.billReceipts,
      JSON.stringify([
        {
          billId: 5,
          paymentId: 9,
          receiptToken: 'receipt-secret',
          table: { token: 'menu-token', table: 4 },
          savedAt: Date.now() - 60_000,
        },
      ]),
    );
    const paidPart = {
      payment_id: 9,
      amount: 40.01,
      tip: 6,
      status: 'succeeded' as const,
      card_last4: '4242',
      created_at: '2025-01-01T12:00:00Z',
    };
    const { calls } = stubFetch(({ url }) => {
      if (url.startsWith('/api/v1/table-bill'))
        return jsonResponse(404, { message: billMessages.noOpenBill, code: 'NO_OPEN_BILL' });
      if (url.includes('/payments/')) return jsonResponse(200, payment({ status: 'succeeded' }));
      return jsonResponse(
        200,
        billView({ status: 'paid', paid: 40.01, outstanding: 0, payments: [paidPart] }),
      );
    });
    renderRoute(BillPage, { path: '/bill', url: tableUrl });
    expect(
      await screen.findByRole('heading', { level: 2, name: billPageMessages.paidBadge }),
    ).toBeInTheDocument();
    expect(screen.getByText(billPageMessages.cardEnding('4242'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: billPageMessages.downloadReceipt })).toHaveAttribute(
      'href',
      '/api/v1/bills/5/payments/9/receipt.pdf?receipt_token=receipt-secret',
    );
    expect(screen.getByText(billPageMessages.billSettled)).toBeInTheDocument();
    expect(screen.queryByText(billMessages.noOpenBill)).not.toBeInTheDocument();
    expect(
      calls().some((call) => call.url === '/api/v1/bills/5?token=menu-token&table=4&key=table-four-key00'),
    ).toBe(true);
  });

  it('after a reload, follows the payment this tab made while it is being confirmed', async () => {
    sessionStore.set(
      sessionKeys.billReceipts,
      JSON.stringify([{ billId: 5, paymentId: 9, receiptToken: 'receipt-secret' }]),
    );
    stubFetch(({ url }) =>
      url.includes('/payments/')
        ? jsonResponse(200, payment())
        : jsonResponse(200, billView({ pending: 40.01, outstanding: 0 })),
    );
    renderRoute(BillPage, { path: '/bill', url: tableUrl });
    expect(await screen.findByText(billMessages.processing)).toBeInTheDocument();
    expect(screen.queryByText(billMessages.alreadyPaid)).not.toBeInTheDocument();
  });

  it('once the last share is confirmed, reads its bill by id: paid, with nothing being paid', async () => {
    sessionStore.set(
      sessionKeys.billReceipts,
      JSON.stringify([{ billId: 5, paymentId: 9, receiptToken: 'receipt-secret' }]),
    );
    let confirmed = false;
    const { calls } = stubFetch(({ url }) => {
      if (url.includes('/payments/'))
        return jsonResponse(200, payment({ status: confirmed ? 'succeeded' : 'pending' }));
      // The table's read finds open bills only: once this one is paid, the table has none.
      if (url.startsWith('/api/v1/table-bill'))
        return confirmed
          ? jsonResponse(404, { message: billMessages.noOpenBill, code: 'NO_OPEN_BILL' })
          : jsonResponse(200, billView({ pending: 40.01, outstanding: 0 }));
      return jsonResponse(200, billView({ status: 'paid', version: 5, paid: 40.01, outstanding: 0 }));
    });
    renderRoute(BillPage, { path: '/bill', url: tableUrl });
    expect(await screen.findByText(billMessages.processing)).toBeInTheDocument();
    expect(screen.getByText(billPageMessages.beingPaid).nextSibling).toHaveTextContent('$40.01');
    await waitFor(() => expect(server().connectedCount()).toBe(1));

    confirmed = true;
    server().emit('bill.updated', { bill_id: 5 });
    expect(await screen.findByText(billMessages.paid)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(billPageMessages.beingPaid)).not.toBeInTheDocument());
    expect(screen.getByText(billPageMessages.paid, { selector: 'dt' }).nextSibling).toHaveTextContent(
      '$40.01',
    );
    expect(screen.getByText(billPageMessages.leftToPay).nextSibling).toHaveTextContent('$0.00');
    expect(
      calls().some((call) => call.url === '/api/v1/bills/5?token=menu-token&table=4&key=table-four-key00'),
    ).toBe(true);
  });

  it('says there is nothing to pay yet when the table has no open bill, with the way back to its menu', async () => {
    stubFetch(() => jsonResponse(404, { message: billMessages.noOpenBill, code: 'NO_OPEN_BILL' }));
    renderRoute(BillPage, { path: '/bill', url: tableUrl });
    expect(
      await screen.findByRole('heading', { level: 1, name: billPageMessages.nothingToPayTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(billPageMessages.nothingToPay(4));
    expect(screen.getByRole('link', { name: billPageMessages.backToMenu })).toHaveAttribute(
      'href',
      '/menu-display?token=menu-token&table=4&key=table-four-key00',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the restaurant has no such table when the code names one past its tables', async () => {
    localStorage.setItem('token', 'menu-token');
    localStorage.setItem(
      'current_restaurant_details',
      JSON.stringify({ restaurant_id: 7, restaurant_name: 'Paprika Kitchen', number_of_tables: 12 }),
    );
    stubFetch(() => jsonResponse(404, { message: billMessages.noOpenBill, code: 'NO_OPEN_BILL' }));
    renderRoute(BillPage, { path: '/bill', url: '/bill?token=menu-token&table=40&key=table-four-key00' });
    expect(
      await screen.findByRole('heading', { level: 1, name: billPageMessages.noSuchTableTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(billPageMessages.noSuchTable(40, 12));
    expect(screen.getByRole('link', { name: billPageMessages.backToMenu })).toHaveAttribute(
      'href',
      '/menu-display?token=menu-token',
    );
  });

  it('says a link that names no table is a bad link, and asks the server nothing', async () => {
    const { calls } = stubFetch(() => jsonResponse(200, billView()));
    renderRoute(BillPage, { path: '/bill', url: '/bill?token=menu-token' });
    expect(
      await screen.findByRole('heading', { level: 1, name: billPageMessages.badLinkTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(billPageMessages.badLink);
    expect(calls()).toEqual([]);
  });

  it('says a bill link the server does not know is a bad link', async () => {
    stubFetch(() => jsonResponse(404, { message: billMessages.notFound, code: 'BILL_NOT_FOUND' }));
    renderRoute(BillPage, { path: '/bill/:billId', url: '/bill/77' });
    expect(
      await screen.findByRole('heading', { level: 1, name: billPageMessages.badLinkTitle }),
    ).toBeInTheDocument();
  });

  it("wears the restaurant's own header, back to the table's menu and to the diner's order", async () => {
    localStorage.setItem('orderId', '1');
    stubFetch(() => jsonResponse(200, billView()));
    renderRoute(BillPage, { path: '/bill', url: tableUrl });
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('heading', { level: 1, name: 'Paprika Kitchen' })).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: billPageMessages.menuLink })).toHaveAttribute(
      'href',
      '/menu-display?token=menu-token&table=4&key=table-four-key00',
    );
    expect(within(banner).getByRole('link', { name: billPageMessages.orderLink })).toHaveAttribute(
      'href',
      '/customer/order-status?orderId=1&restaurant_id=7',
    );
  });

  describe('from a card without the table’s key (docs/decisions/025-table-keys.md)', () => {
    const keylessUrl = '/bill?token=menu-token&table=4';

    it('says the code is out of date, with the way back to the menu, and asks the server nothing', async () => {
      const { calls } = stubFetch(() => jsonResponse(200, billView()));
      renderRoute(BillPage, { path: '/bill', url: keylessUrl });
      expect(
        await screen.findByRole('heading', { level: 1, name: billPageMessages.outdatedCodeTitle }),
      ).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent(billPageMessages.outdatedCode);
      expect(screen.getByText(billPageMessages.outdatedCodeOrdering)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: billPageMessages.backToMenu })).toHaveAttribute(
        'href',
        '/menu-display?token=menu-token&table=4',
      );
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(calls()).toEqual([]);
      expect(server().handshakes).toEqual([]);
      expect(screen.getByText('Table 4')).toBeInTheDocument();
    });

    it('names the restaurant whose menu the diner opened with the same code', async () => {
      localStorage.setItem('token', 'menu-token');
      localStorage.setItem(
        'current_restaurant_details',
        JSON.stringify({ restaurant_id: 7, restaurant_name: 'Paprika Kitchen' }),
      );
      stubFetch(() => jsonResponse(200, billView()));
      renderRoute(BillPage, { path: '/bill', url: keylessUrl });
      expect(await screen.findByText('Paprika Kitchen · Table 4')).toBeInTheDocument();
    });

    it('shows a signed-in diner who ordered their own bill, followed by their login', async () => {
      localStorage.setItem('CustomerToken', 'diner-token');
      const { calls } = stubFetch(() => jsonResponse(200, billView()));
      renderRoute(BillPage, { path: '/bill', url: keylessUrl });
      await screen.findByRole('heading', { level: 1, name: 'Paprika Kitchen' });
      expect(calls()[0]).toMatchObject({ url: '/api/v1/table-bill?token=menu-token&table=4' });
      expect(calls()[0]?.headers.Authorization).toBe('Bearer diner-token');
      await waitFor(() =>
        expect(server().handshakes).toEqual([
          { restaurantId: '7', token: 'diner-token', transport: 'websocket' },
        ]),
      );
    });

    it('says the code is out of date to a signed-in diner the server shows no bill', async () => {
      localStorage.setItem('CustomerToken', 'diner-token');
      stubFetch(() => jsonResponse(404, { message: billMessages.noOpenBill, code: 'NO_OPEN_BILL' }));
      renderRoute(BillPage, { path: '/bill', url: keylessUrl });
      expect(
        await screen.findByRole('heading', { level: 1, name: billPageMessages.outdatedCodeTitle }),
      ).toBeInTheDocument();
      expect(screen.queryByText(billMessages.noOpenBill)).not.toBeInTheDocument();
    });
  });

  it('opens one bill by its id with the diner token', async () => {
    sessionStore.clear();
    localStorage.setItem('CustomerToken', 'diner-token');
    const { calls } = stubFetch(() => jsonResponse(200, billView()));
    renderRoute(BillPage, { path: '/bill/:billId', url: '/bill/5' });
    await screen.findByRole('heading', { level: 1, name: 'Paprika Kitchen' });
    expect(calls()[0]).toMatchObject({ url: '/api/v1/bills/5' });
    expect(calls()[0]?.headers.Authorization).toBe('Bearer diner-token');
  });
});
