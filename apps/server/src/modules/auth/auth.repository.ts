import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailTokens, users } from '../../db/schema';

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type EmailTokenPurpose = (typeof emailTokens.$inferInsert)['purpose'];

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

/** Owner accounts and their emailed tokens: all the SQL of the auth feature. */
export const authRepository = {
  async findUserByEmail(db: DbOrTx, email: string): Promise<User | undefined> {
    const [user] = await db.select().from(users).where(byEmail(email)).limit(1);
    return user;
  },

  async findUserById(db: DbOrTx, id: number): Promise<User | undefined> {
    const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return user;
  },

  async insertUser(db: DbOrTx, user: NewUser): Promise<User> {
    const [created] = await db.insert(users).values(user).returning();
    return created!;
  },

  async updateUser(db: DbOrTx, id: number, changes: Partial<NewUser>): Promise<User | undefined> {
    const [updated] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
    return updated;
  },

  async insertToken(
    db: DbOrTx,
    token: {
      userId: number;
      purpose: EmailTokenPurpose;
      tokenHash: string;
      createdAt: Date;
      expiresAt: Date;
    },
  ) {
    await db.insert(emailTokens).values(token);
  },

  /** Retires every unused token of one purpose, so only the newest emailed link works. */
  async retireTokens(db: DbOrTx, userId: number, purpose: EmailTokenPurpose, now: Date) {
    await db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)),
      );
  },

  /**
   * Marks a token used and returns its user id, in one statement, so two concurrent clicks on
   * the same link cannot both succeed. Undefined when unknown, used or expired.
   */
  async consumeToken(
    db: DbOrTx,
    tokenHash: string,
    purpose: EmailTokenPurpose,
    now: Date,
  ): Promise<number | undefined> {
    const [row] = await db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailTokens.tokenHash, tokenHash),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, now),
        ),
      )
      .returning({ userId: emailTokens.userId });
    return row?.userId;
  },

  async latestTokenCreatedAt(
    db: DbOrTx,
    userId: number,
    purpose: EmailTokenPurpose,
  ): Promise<Date | undefined> {
    const [row] = await db
      .select({ createdAt: sql<Date>`max(${emailTokens.createdAt})`.mapWith(emailTokens.createdAt) })
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)));
    return row?.createdAt ?? undefined;
  },
};
