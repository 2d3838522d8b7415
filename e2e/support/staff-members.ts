import type { StaffRole } from '@tableserve/contract/staff-roles';
import { createJwtService } from '@tableserve/server/jwt';
import { staffMembers } from '@tableserve/server/schema';
import type { Page } from 'playwright-core';
import type { Product } from './harness';

/**
 * The JWT secret a journey with staff gives the server (startProduct's env), so it can sign a
 * staff member's token with the server's own signer.
 */
export const STAFF_JWT_SECRET = 'e2e staff journeys: a secret of 32 characters or more';

export type SignedInStaff = { ownerId: number; restaurantId: number; role: StaffRole; token: string };

let counter = 0;

/**
 * A staff member who has accepted their invitation, as a row of the database, and a token for
 * them. Stands in for inviting and signing in until those screens exist; the server checks the
 * token as any staff token: accepted, not removed, same token version.
 */
export async function acceptedStaffMember(
  product: Product,
  { ownerId, restaurantId, role }: Omit<SignedInStaff, 'token'>,
): Promise<SignedInStaff> {
  counter += 1;
  const [member] = await product.app.database.db
    .insert(staffMembers)
    .values({
      restaurantId,
      email: `${role}${counter}@bistro.example`,
      name: `Alex ${role}`,
      role,
      passwordHash: 'not used: the journey signs the token itself',
      acceptedAt: new Date(),
    })
    .returning({ id: staffMembers.id });
  const token = await createJwtService(STAFF_JWT_SECRET).sign('staff', member!.id, 3600, 0);
  return { ownerId, restaurantId, role, token };
}

/** Stores the staff member's session in this tab as the login page does after their login. */
export async function storeStaffSession(page: Page, staff: SignedInStaff): Promise<void> {
  await page.goto('/');
  await page.evaluate((session) => {
    sessionStorage.setItem('user_id', String(session.ownerId));
    sessionStorage.setItem('restaurant_id', String(session.restaurantId));
    sessionStorage.setItem('staff_role', session.role);
    localStorage.setItem('RestaurantToken', session.token);
  }, staff);
}
