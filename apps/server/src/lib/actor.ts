import type { ActorKind, Role } from '@tableserve/contract/staff-roles';

/**
 * Who makes a staff call (docs/product/staff.md#roles): the owner, an invited person or a paired
 * device. Services reach the restaurant through `ownerId` — a restaurant has one owner and an
 * owner one restaurant, so staff act within exactly their restaurant — and record `kind` and `id`
 * in the audit trail.
 */
export type Actor = {
  kind: ActorKind;
  id: number;
  role: Role;
  /** The owner the actor works for: the owner themself, or their restaurant's owner. */
  ownerId: number;
};

export const ownerActor = (ownerId: number): Actor => ({
  kind: 'owner',
  id: ownerId,
  role: 'owner',
  ownerId,
});
