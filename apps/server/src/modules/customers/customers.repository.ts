import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customerResetTokens, customers } from '../../db/schema';

export type Customer = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;

/** All the SQL of diner accounts. */
export const customersRepository = {
  async findById(db: DbOrTx, id: number): Promise<Customer | undefined> {
    const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
    return row;
  },

  async findRegisteredByEmail(db: DbOrTx, email: string): Promise<Customer | undefined> {
    const [row] = await db
      .select()
      .from(customers)
      .where(and(sql`lower(${customers.email}) = ${email.toLowerCase()}`, eq(customers.isGuest, false)))
      .limit(1);
    return row;
  },

  async insert(db: DbOrTx, customer: NewCustomer): Promise<Customer> {
    const [row] = await db.insert(customers).values(customer).returning();
    return row!;
  },

  async setPassword(db: DbOrTx, id: number, passwordHash: string) {
    await db.update(customers).set({ passwordHash }).where(eq(customers.id, id));
  },

  async insertResetToken(
    db: DbOrTx,
    token: { customerId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
  ) {
    // Only the newest link works.
    await db
      .update(customerResetTokens)
      .set({ usedAt: token.createdAt })
      .where(and(eq(customerResetTokens.customerId, token.customerId), isNull(customerResetTokens.usedAt)));
    await db.insert(customerResetTokens).values(token);
  },

  /** Marks a reset token used and returns its customer, atomically; undefined when unusable. */
  async consumeResetToken(db: DbOrTx, tokenHash: string, now: Date): Promise<number | undefined> {
    const [row] = await db
      .update(customerResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(customerResetTokens.tokenHash, tokenHash),
          isNull(customerResetTokens.usedAt),
          gt(customerResetTokens.expiresAt, now),
        ),
      )
      .returning({ customerId: customerResetTokens.customerId });
    return row?.customerId;
  },
};
