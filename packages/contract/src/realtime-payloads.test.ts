import { describe, expect, it } from 'vitest';
import { OrderDeletedPayload, OrderUpdatePayload, parsePayload } from './realtime-payloads';

describe('parsePayload of an order_update', () => {
  it('reads the JSON text of an order_update', () => {
    expect(parsePayload(OrderUpdatePayload, '{"order_id":42,"status":"Ready","total_amount":31.5}')).toEqual({
      order_id: 42,
      status: 'Ready',
      total_amount: 31.5,
    });
  });

  it("keeps the staff's updated_at", () => {
    expect(
      parsePayload(
        OrderUpdatePayload,
        '{"order_id":42,"status":"Ready","total_amount":31.5,"updated_at":"2026-11-23T19:30:00.000Z"}',
      ),
    ).toEqual({ order_id: 42, status: 'Ready', total_amount: 31.5, updated_at: '2026-11-23T19:30:00.000Z' });
  });

  it.each([
    ['not JSON', 'Ready!'],
    ['an unknown status', '{"order_id":42,"status":"Eaten","total_amount":1}'],
    ['a missing id', '{"status":"Ready","total_amount":1}'],
    ['a total as text', '{"order_id":42,"status":"Ready","total_amount":"1"}'],
    ['an object instead of text', { order_id: 42, status: 'Ready', total_amount: 1 }],
  ])('ignores %s', (_, message) => {
    expect(parsePayload(OrderUpdatePayload, message)).toBeNull();
  });
});

describe('parsePayload of an order_deleted', () => {
  it('reads the order id, and ignores a message without a whole one', () => {
    expect(parsePayload(OrderDeletedPayload, '{"order_id":7}')).toEqual({ order_id: 7 });
    expect(parsePayload(OrderDeletedPayload, '{"order_id":7.5}')).toBeNull();
    expect(parsePayload(OrderDeletedPayload, 'null')).toBeNull();
  });
});
