import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { staffInvitations, staffMembers } from '../../db/schema';

export type StaffRow = typeof staffMembers.$inferSelect;
type NewStaff = typeof staffMembers.$inferInsert;

const live = isNull(staffMembers.removedAt);
const byEmail = (email: string) => sql`lower(${staffMembers.email}) = ${email.toLowerCase()}`;

/** Staff members and their invitation links: all the SQL of the staff feature. */
export const staffRepository = {
  async insertMember(db: DbOrTx, member: NewStaff): Promise<StaffRow> {
    const [created] = await db.insert(staffMembers).values(member).returning();
    return created!;
  },

  /** The restaurant's live members, oldest invitation first. */
  listLive(db: DbOrTx, restaurantId: number): Promise<StaffRow[]> {
    return db
      .select()
      .from(staffMembers)
      .where(and(eq(staffMembers.restaurantId, restaurantId), live))
      .orderBy(asc(staffMembers.createdAt), asc(staffMembers.id));
  },

  /** A live member of this restaurant: another restaurant's id reads as missing. */
  async findLive(db: DbOrTx, restaurantId: number, staffId: number): Promise<StaffRow | undefined> {
    const [row] = await db
      .select()
      .from(staffMembers)
      .where(and(eq(staffMembers.id, staffId), eq(staffMembers.restaurantId, restaurantId), live))
      .limit(1);
    return row;
  },

  /** The live membership of an email in any restaurant (one at most, by the unique index). */
  async findLiveByEmail(db: DbOrTx, email: string): Promise<StaffRow | undefined> {
    const [row] = await db
      .select()
      .from(staffMembers)
      .where(and(byEmail(email), live))
      .limit(1);
    return row;
  },

  /** A member who can sign in: accepted, not removed. */
  async findAcceptedByEmail(db: DbOrTx, email: string): Promise<StaffRow | undefined> {
    const [row] = await db
      .select()
      .from(staffMembers)
      .where(and(byEmail(email), live, isNotNull(staffMembers.acceptedAt)))
      .limit(1);
    return row;
  },

  async updateMember(db: DbOrTx, staffId: number, changes: Partial<NewStaff>): Promise<StaffRow | undefined> {
    const [row] = await db
      .update(staffMembers)
      .set(changes)
      .where(and(eq(staffMembers.id, staffId), live))
      .returning();
    return row;
  },

  async insertInvitation(db: DbOrTx, invitation: typeof staffInvitations.$inferInsert) {
    await db.insert(staffInvitations).values(invitation);
  },

  /** Retires every unused link of the member, so only the newest emailed one works. */
  async retireInvitations(db: DbOrTx, staffId: number, now: Date) {
    await db
      .update(staffInvitations)
      .set({ usedAt: now })
      .where(and(eq(staffInvitations.staffId, staffId), isNull(staffInvitations.usedAt)));
  },

  /** The live, not yet accepted member a usable (unused, unexpired) link names. */
  async findByInvitation(db: DbOrTx, tokenHash: string, now: Date) {
    const [row] = await db
      .select({ name: staffMembers.name, email: staffMembers.email, restaurantId: staffMembers.restaurantId })
      .from(staffInvitations)
      .innerJoin(staffMembers, eq(staffMembers.id, staffInvitations.staffId))
      .where(
        and(
          eq(staffInvitations.tokenHash, tokenHash),
          isNull(staffInvitations.usedAt),
          gt(staffInvitations.expiresAt, now),
          live,
          isNull(staffMembers.acceptedAt),
        ),
      )
      .limit(1);
    return row;
  },

  /**
   * Marks a link used and returns its member's id, in one statement, so two clicks on the same
   * link cannot both set a password. Undefined when unknown, used or expired.
   */
  async consumeInvitation(db: DbOrTx, tokenHash: string, now: Date): Promise<number | undefined> {
    const [row] = await db
      .update(staffInvitations)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffInvitations.tokenHash, tokenHash),
          isNull(staffInvitations.usedAt),
          gt(staffInvitations.expiresAt, now),
        ),
      )
      .returning({ staffId: staffInvitations.staffId });
    return row?.staffId;
  },
};
