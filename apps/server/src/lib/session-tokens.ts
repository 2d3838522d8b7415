import { eq, getTableName, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { type PreparedStatement, runPrepared } from '../db/prepared';
import { customers, devices, staffMembers, users } from '../db/schema';
import type { InvalidatedCaches } from './invalidated-caches';
import type { Audience, JwtService } from './jwt';

const accounts = {
  owner: users,
  customer: customers,
  staff: staffMembers,
  device: devices,
} as const satisfies Record<Audience, unknown>;

/**
 * Each audience's version read, prepared (db/prepared.ts): every token issued reads it, so does
 * every diner's first order after signing up, and every account's next request once its kept
 * version is past its age. The query builder built its SQL anew for each read and PostgreSQL
 * parsed and planned it anew; now each pool connection plans it once and a read only binds and
 * runs it.
 */
const versionStatements = Object.fromEntries(
  Object.entries(accounts).map(([audience, table]) => [
    audience,
    {
      name: `token-version-${audience}`,
      text: `select ${table.tokenVersion.name} as version from ${getTableName(table)} where id = $1`,
    },
  ]),
) as Record<Audience, PreparedStatement>;

/** Accounts whose token version is kept: a night's diners and every owner, with room to spare. */
const MAX_VERSIONS_KEPT = 50_000;
/** A backstop only: every change forgets the version at once, on every instance. */
const VERSION_MAX_AGE_MS = 30_000;

export type SessionTokens = ReturnType<typeof createSessionTokens>;

/**
 * Login tokens that an account can take back: each carries the account's token version, and a
 * password reset or "log out everywhere" raises it, so every token issued before stops working at
 * once (not when its 12 hours run out). The version is read once and kept in memory, forgotten on
 * every instance when a revocation has committed (announceRevoked), so a request costs no read.
 */
export function createSessionTokens(deps: { db: Db; jwt: JwtService; caches: InvalidatedCaches }) {
  const { db, jwt } = deps;
  const versions = deps.caches.cache<string, number>({
    name: 'token-versions',
    maxEntries: MAX_VERSIONS_KEPT,
    maxAgeMs: VERSION_MAX_AGE_MS,
  });
  const revokedListeners: Array<(audience: Audience, accountId: number) => void> = [];
  const announceRevoked = (audience: Audience, accountId: number) => {
    versions.invalidate(`${audience}:${accountId}`);
    for (const listener of revokedListeners) listener(audience, accountId);
  };

  async function currentVersion(audience: Audience, accountId: number): Promise<number | undefined> {
    const [row] = await runPrepared<{ version: number }>(db, versionStatements[audience], [accountId]);
    return row?.version;
  }

  return {
    async issue(audience: Audience, accountId: number, ttlSeconds: number): Promise<string> {
      return jwt.sign(audience, accountId, ttlSeconds, (await currentVersion(audience, accountId)) ?? 0);
    },

    /** The account id of a valid, unrevoked token of `audience`; undefined otherwise. */
    async verify(audience: Audience, token: string): Promise<number | undefined> {
      const claims = await jwt.verify(audience, token);
      if (!claims) return undefined;
      const version = await versions.read(`${audience}:${claims.subject}`, () =>
        currentVersion(audience, claims.subject),
      );
      return version === claims.version ? claims.subject : undefined;
    },

    /**
     * The claims of a genuine, unexpired token of `audience`, its version NOT yet compared: for a
     * caller that reads the version together with more (a staff member's role and restaurant)
     * and must compare it itself.
     */
    claims: (audience: Audience, token: string) => jwt.verify(audience, token),

    /** The audience a token claims, unverified: only to pick which check to run (lib/jwt.ts). */
    claimedAudience: (token: string) => jwt.claimedAudience(token),

    /**
     * Ends every session of the account. Inside the caller's transaction when given one: the
     * caller then calls announceRevoked once it has committed, so open sockets close too.
     */
    async revokeAll(audience: Audience, accountId: number, tx?: DbOrTx): Promise<void> {
      const table = accounts[audience];
      await (tx ?? db)
        .update(table)
        .set({ tokenVersion: sql`${table.tokenVersion} + 1` })
        .where(eq(table.id, accountId));
      if (!tx) announceRevoked(audience, accountId);
    },

    /**
     * After a change to the account's sessions has committed (its token version, a staff member's
     * role or removal, a device's revocation): forgets what is kept of it on every instance and
     * tells whoever holds live connections (the realtime plugin, the staff actors).
     */
    announceRevoked,

    onRevoked(listener: (audience: Audience, accountId: number) => void) {
      revokedListeners.push(listener);
    },
  };
}
