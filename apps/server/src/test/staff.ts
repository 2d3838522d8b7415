import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@tableserve/contract/staff-roles';
import { devices, staffMembers } from '../db/schema';
import { createJwtService } from '../lib/jwt';
import { createSessionTokens } from '../lib/session-tokens';
import type { TestApp } from './test-app';

let counter = 0;

/**
 * A signed-in member of a restaurant's staff, written straight into the test database (an
 * accepted invitation, or a paired device) with a token the app's own session tokens issue.
 * `role` 'device:kitchen' or 'device:server' makes a paired device; any other a person.
 */
export async function staffTokenFor(
  t: TestApp,
  restaurantId: number,
  role: StaffRole | `device:${'kitchen' | 'server'}`,
) {
  counter += 1;
  const { db } = t.app.database;
  const tokens = createSessionTokens({ db, jwt: createJwtService(t.config.jwtSecret!, t.clock.now) });
  const device = role.startsWith('device:');
  const name = device ? `Pass tablet ${counter}` : `Sam Server ${counter}`;
  const [row] = device
    ? await db
        .insert(devices)
        .values({
          restaurantId,
          name,
          role: role.slice('device:'.length) as StaffRole,
          credentialHash: randomBytes(32).toString('hex'),
        })
        .returning({ id: devices.id })
    : await db
        .insert(staffMembers)
        .values({
          restaurantId,
          email: `staff${counter}@example.com`,
          name,
          role: role as StaffRole,
          passwordHash: 'not-used-by-token-tests',
          acceptedAt: t.clock.now(),
        })
        .returning({ id: staffMembers.id });
  const kind = device ? ('device' as const) : ('staff' as const);
  // A week, so a test may move the clock over business days without signing in again.
  const token = await tokens.issue(kind, row!.id, 7 * 24 * 3600);
  return { kind, id: row!.id, name, token, auth: { authorization: `Bearer ${token}` } };
}
