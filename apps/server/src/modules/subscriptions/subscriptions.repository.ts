import { type AnyColumn, and, asc, desc, eq, exists, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { coupons, payments, plans, processedWebhookEvents, subscriptions } from '../../db/schema';

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type CouponRow = typeof coupons.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** Statuses under which an owner may run their restaurant (docs/product/subscriptions.md#subscription-statuses). */
const VALID_STATUSES = ['active', 'grace_period'] as const;

/** Whether the user a row's `ownerId` column names may run a restaurant now: a filter for another table's query. */
export function hasValidSubscription(db: DbOrTx, ownerId: AnyColumn): SQL {
  return exists(
    db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, ownerId), inArray(subscriptions.status, [...VALID_STATUSES]))),
  );
}

/** All the SQL of subscriptions, coupons and payments. */
export const subscriptionsRepository = {
  listPlans(db: DbOrTx): Promise<PlanRow[]> {
    return db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.id));
  },

  async findPlan(db: DbOrTx, id: number): Promise<PlanRow | undefined> {
    const [plan] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
    return plan;
  },

  async findCoupon(db: DbOrTx, code: string): Promise<CouponRow | undefined> {
    const [coupon] = await db
      .select()
      .from(coupons)
      .where(sql`lower(${coupons.code}) = ${code.toLowerCase()}`)
      .limit(1);
    return coupon;
  },

  /** The owner's newest subscription that got past payment (an incomplete one is not theirs yet). */
  async findCurrent(db: DbOrTx, userId: number): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'incomplete')))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(1);
    return row;
  },

  /**
   * Locked until the transaction ends: a webhook event decides on the row as it is once its turn
   * comes. (Without the lock, a failed invoice read before a concurrent paid one committed, and
   * the paid one kept the status 'active', so the failure put the paid period into grace.)
   */
  async findByProviderSubscription(
    db: DbOrTx,
    providerSubscriptionId: string,
  ): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
      .limit(1)
      .for('update');
    return row;
  },

  async insert(db: DbOrTx, row: NewSubscription): Promise<SubscriptionRow> {
    const [created] = await db.insert(subscriptions).values(row).returning();
    return created!;
  },

  /** Updates one subscription, only while it still has the expected status (no lost updates). */
  async update(
    db: DbOrTx,
    id: number,
    expectedStatus: SubscriptionRow['status'],
    changes: Partial<NewSubscription>,
  ): Promise<SubscriptionRow | undefined> {
    const [row] = await db
      .update(subscriptions)
      .set(changes)
      .where(and(eq(subscriptions.id, id), eq(subscriptions.status, expectedStatus)))
      .returning();
    return row;
  },

  async remove(db: DbOrTx, id: number) {
    await db.delete(subscriptions).where(eq(subscriptions.id, id));
  },

  /** The provider's id of the subscription's latest successful charge: what a refund refers to. */
  async lastChargeId(db: DbOrTx, subscriptionId: number): Promise<string | null> {
    const [row] = await db
      .select({ id: payments.providerPaymentId })
      .from(payments)
      .where(
        and(
          eq(payments.subscriptionId, subscriptionId),
          eq(payments.status, 'succeeded'),
          inArray(payments.kind, ['initial', 'renewal']),
        ),
      )
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(1);
    return row?.id ?? null;
  },

  async insertPayment(db: DbOrTx, payment: NewPayment) {
    await db.insert(payments).values(payment);
  },

  /** Subscriptions a sweep must act on at `now`, of one status, whose given date has passed. */
  due(
    db: DbOrTx,
    status: SubscriptionRow['status'],
    column: 'endDate' | 'gracePeriodEndDate' | 'createdAt',
    now: Date,
  ) {
    return db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.status, status), lte(subscriptions[column], now)))
      .orderBy(asc(subscriptions.id))
      .limit(500);
  },

  /** True when the owner's subscription lets them run a restaurant now. */
  async ownerHasValidSubscription(db: DbOrTx, ownerId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, ownerId), inArray(subscriptions.status, [...VALID_STATUSES])))
      .limit(1);
    return row !== undefined;
  },

  /** Records a webhook event id; false when it was already there (a retry or a replay). */
  async markWebhookProcessed(db: DbOrTx, eventId: string, type: string): Promise<boolean> {
    const inserted = await db
      .insert(processedWebhookEvents)
      .values({ eventId, type })
      .onConflictDoNothing()
      .returning({ eventId: processedWebhookEvents.eventId });
    return inserted.length > 0;
  },
};
