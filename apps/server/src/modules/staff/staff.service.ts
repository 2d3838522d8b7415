import {
  type AcceptInvitationBody,
  type InvitationResponse,
  type InviteStaffBody,
  type StaffListResponse,
  type StaffMember,
  type StaffMemberResponse,
  staffMessages,
} from '@tableserve/contract/staff';
import type { StaffRole } from '@tableserve/contract/staff-roles';
import { ROLE_LABELS } from '@tableserve/contract/staff-roles';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { hashToken, randomToken } from '../../lib/random-tokens';
import type { SessionTokens } from '../../lib/session-tokens';
import type { Mailer } from '../../mail/mailer';
import { staffInvitationEmail } from '../../mail/templates';
import { recordAudit } from '../audit/audit-log';
import { restaurantReads } from '../restaurants/restaurant-reads';
import { staffRepository as repo, type StaffRow } from './staff.repository';

/** An invitation link works for 72 hours (docs/product/staff.md#staff-accounts). */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;

export type StaffServiceDeps = {
  db: Db;
  mailer: Mailer;
  tokens: SessionTokens;
  publicUrl: string;
  /** Whether an owner's account has the email (the auth module's, handed in: auth reads staff to sign them in). */
  isOwnerEmail: (email: string) => Promise<boolean>;
  now: () => Date;
};

export type StaffService = ReturnType<typeof createStaffService>;

const toMember = (row: StaffRow): StaffMember => ({
  staff_id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  status: row.acceptedAt ? 'active' : 'invited',
  invited_at: row.createdAt.toISOString(),
});

const memberNotFound = () => notFound(staffMessages.notFound, 'STAFF_NOT_FOUND');
/** Unknown, used, expired or retired links answer alike, as the owners' reset links do. */
const invalidInvitation = () => badRequest(staffMessages.invalidInvitation, 'INVALID_TOKEN');

/**
 * Staff accounts (docs/product/staff.md#staff-accounts): invitations by email, their acceptance,
 * sign-in, role changes and removal, each change recorded in the audit trail with its transaction.
 */
export function createStaffService(deps: StaffServiceDeps) {
  const { db, mailer, tokens, publicUrl, now } = deps;

  async function restaurantOf(actor: Actor): Promise<number> {
    const restaurantId = await restaurantReads.idOfOwner(db, actor.ownerId);
    if (!restaurantId) throw notFound(staffMessages.noRestaurant, 'RESTAURANT_NOT_FOUND');
    return restaurantId;
  }

  /** Nobody changes or removes themselves, so nobody raises their own role (docs/product/staff.md#roles). */
  function refuseSelf(actor: Actor, staffId: number) {
    if (actor.kind === 'staff' && actor.id === staffId)
      throw forbidden(staffMessages.notYourself, 'NOT_YOURSELF');
  }

  /** A fresh link for the member, retiring every earlier one, in the caller's transaction. */
  async function newInvitation(tx: DbOrTx, staffId: number): Promise<string> {
    const token = randomToken();
    const issuedAt = now();
    await repo.retireInvitations(tx, staffId, issuedAt);
    await repo.insertInvitation(tx, {
      staffId,
      tokenHash: hashToken(token),
      createdAt: issuedAt,
      expiresAt: new Date(issuedAt.getTime() + INVITATION_TTL_MS),
    });
    return token;
  }

  async function mailInvitation(member: StaffRow, restaurantId: number, token: string) {
    const restaurant = await restaurantReads.byId(db, restaurantId);
    const link = `${publicUrl}/invite/${token}`;
    await mailer.send(
      staffInvitationEmail(member.email, member.name, restaurant?.name ?? '', ROLE_LABELS[member.role], link),
    );
  }

  async function refuseTakenEmail(email: string) {
    if (await deps.isOwnerEmail(email)) throw conflict(staffMessages.ownerEmail, 'OWNER_EMAIL');
    if (await repo.findLiveByEmail(db, email)) throw conflict(staffMessages.memberEmail, 'MEMBER_EMAIL');
  }

  return {
    async list(actor: Actor): Promise<StaffListResponse> {
      const restaurantId = await restaurantOf(actor);
      const [members, restaurant] = await Promise.all([
        repo.listLive(db, restaurantId),
        restaurantReads.byId(db, restaurantId),
      ]);
      return { members: members.map(toMember), timezone: restaurant?.timezone };
    },

    async invite(actor: Actor, body: InviteStaffBody): Promise<StaffMemberResponse> {
      const restaurantId = await restaurantOf(actor);
      await refuseTakenEmail(body.email);
      let invited: { member: StaffRow; token: string };
      try {
        invited = await db.transaction(async (tx) => {
          const member = await repo.insertMember(tx, {
            restaurantId,
            name: body.name,
            email: body.email,
            role: body.role,
            createdAt: now(),
          });
          const token = await newInvitation(tx, member.id);
          await recordAudit(tx, actor, {
            restaurantId,
            action: 'staff.invited',
            objectType: 'staff',
            objectId: member.id,
            after: { name: member.name, email: member.email, role: member.role },
          });
          return { member, token };
        });
      } catch (error) {
        // Two invitations of one email at the same instant: the unique index decides.
        if (isUniqueViolation(error)) throw conflict(staffMessages.memberEmail, 'MEMBER_EMAIL');
        throw error;
      }
      await mailInvitation(invited.member, restaurantId, invited.token);
      return { message: staffMessages.invited(invited.member.email), member: toMember(invited.member) };
    },

    async resendInvitation(actor: Actor, staffId: number): Promise<{ message: string }> {
      const restaurantId = await restaurantOf(actor);
      const { member, token } = await db.transaction(async (tx) => {
        const member = await repo.findLive(tx, restaurantId, staffId);
        if (!member) throw memberNotFound();
        if (member.acceptedAt) throw conflict(staffMessages.alreadyActive, 'ALREADY_ACTIVE');
        const token = await newInvitation(tx, member.id);
        await recordAudit(tx, actor, {
          restaurantId,
          action: 'staff.invitation_resent',
          objectType: 'staff',
          objectId: member.id,
        });
        return { member, token };
      });
      await mailInvitation(member, restaurantId, token);
      return { message: staffMessages.invitationResent(member.email) };
    },

    async changeRole(actor: Actor, staffId: number, role: StaffRole): Promise<StaffMemberResponse> {
      refuseSelf(actor, staffId);
      const restaurantId = await restaurantOf(actor);
      const updated = await db.transaction(async (tx) => {
        const member = await repo.findLive(tx, restaurantId, staffId);
        if (!member) throw memberNotFound();
        if (member.role === role) return member;
        const changed = (await repo.updateMember(tx, staffId, { role }))!;
        await recordAudit(tx, actor, {
          restaurantId,
          action: 'staff.role_changed',
          objectType: 'staff',
          objectId: staffId,
          before: { role: member.role },
          after: { role },
        });
        return changed;
      });
      // The next call reads the new role; open sockets close and reconnect under it.
      tokens.announceRevoked('staff', staffId);
      return {
        message: staffMessages.roleChanged(updated.name, ROLE_LABELS[updated.role]),
        member: toMember(updated),
      };
    },

    async remove(actor: Actor, staffId: number): Promise<{ message: string }> {
      refuseSelf(actor, staffId);
      const restaurantId = await restaurantOf(actor);
      const removed = await db.transaction(async (tx) => {
        const member = await repo.findLive(tx, restaurantId, staffId);
        if (!member) throw memberNotFound();
        const at = now();
        await repo.updateMember(tx, staffId, { removedAt: at });
        await repo.retireInvitations(tx, staffId, at);
        await tokens.revokeAll('staff', staffId, tx);
        await recordAudit(tx, actor, {
          restaurantId,
          action: 'staff.removed',
          objectType: 'staff',
          objectId: staffId,
          before: { name: member.name, email: member.email, role: member.role },
        });
        return member;
      });
      tokens.announceRevoked('staff', staffId);
      return { message: staffMessages.removed(removed.name) };
    },

    async invitation(token: string): Promise<InvitationResponse> {
      const found = await repo.findByInvitation(db, hashToken(token), now());
      const restaurant = found && (await restaurantReads.byId(db, found.restaurantId));
      if (!restaurant) throw invalidInvitation();
      return { name: found.name, email: found.email, restaurant_name: restaurant.name };
    },

    async accept(body: AcceptInvitationBody): Promise<{ message: string }> {
      const passwordHash = await hashPassword(body.password);
      const at = now();
      const accepted = await db.transaction(async (tx) => {
        const staffId = await repo.consumeInvitation(tx, hashToken(body.token), at);
        if (!staffId) return false;
        // A removed member's links were retired with them; updateMember touches live rows only.
        return Boolean(await repo.updateMember(tx, staffId, { passwordHash, acceptedAt: at }));
      });
      if (!accepted) throw invalidInvitation();
      return { message: staffMessages.accepted };
    },
  };
}
