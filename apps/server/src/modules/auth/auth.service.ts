import type {
  LoginBody,
  LoginResponse,
  RegisterBody,
  ResetPasswordBody,
  UpdateProfileBody,
  UserProfile,
} from '@tableserve/contract/auth';
import { loginMessages, serverMessages } from '@tableserve/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/app-error';
import { withoutUndefined } from '../../lib/objects';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, randomToken } from '../../lib/random-tokens';
import type { SessionTokens } from '../../lib/session-tokens';
import type { Mailer } from '../../mail/mailer';
import { passwordResetEmail, verificationEmail } from '../../mail/templates';
import { restaurantReads } from '../restaurants/restaurant-reads';
import { staffReads } from '../staff/staff-reads';
import { type NewUser, authRepository as repo, type User } from './auth.repository';

const HOUR = 60 * 60 * 1000;
export const VERIFICATION_TTL_MS = 24 * HOUR;
export const RESET_TTL_MS = HOUR;
/** A login with the right password on an unverified account re-sends the link at most this often. */
const RESEND_VERIFICATION_AFTER_MS = 60 * 1000;

export type AuthServiceDeps = {
  db: Db;
  mailer: Mailer;
  tokens: SessionTokens;
  publicUrl: string;
  ownerTokenTtlSeconds: number;
  now: () => Date;
  log: FastifyBaseLogger;
};

export type AuthService = ReturnType<typeof createAuthService>;

export function toProfile(user: User): UserProfile {
  return {
    user_id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    address: user.address,
    city: user.city,
    state: user.state,
    country: user.country,
    zip_code: user.zipCode,
    latitude: user.latitude,
    longitude: user.longitude,
  };
}

/** The profile fields of a request, as the users table names them. */
function profileColumns(body: RegisterBody): Omit<NewUser, 'email' | 'passwordHash'>;
function profileColumns(body: UpdateProfileBody): Partial<NewUser>;
function profileColumns(body: UpdateProfileBody): Partial<NewUser> {
  return {
    firstName: body.first_name,
    lastName: body.last_name,
    phone: body.phone,
    address: body.address,
    city: body.city,
    state: body.state,
    zipCode: body.zip_code,
    country: body.country,
    latitude: body.latitude,
    longitude: body.longitude,
  };
}

/** Owner accounts: registration, email verification, login, password reset and profile. */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, mailer, tokens, publicUrl, now, log } = deps;

  async function issueToken(
    user: User,
    purpose: 'verify_email' | 'reset_password',
    ttlMs: number,
  ): Promise<string> {
    const token = randomToken();
    const issuedAt = now();
    await db.transaction(async (tx) => {
      await repo.retireTokens(tx, user.id, purpose, issuedAt);
      await repo.insertToken(tx, {
        userId: user.id,
        purpose,
        tokenHash: hashToken(token),
        createdAt: issuedAt,
        expiresAt: new Date(issuedAt.getTime() + ttlMs),
      });
    });
    return token;
  }

  async function sendVerification(user: User) {
    const token = await issueToken(user, 'verify_email', VERIFICATION_TTL_MS);
    const link = `${publicUrl}/verify-email?token=${token}`;
    await mailer.send(verificationEmail(user.email, user.firstName, link));
  }

  return {
    async register(body: RegisterBody): Promise<{ message: string; user_id: number }> {
      if (
        (await repo.findUserByEmail(db, body.email)) ||
        (await staffReads.isLiveMemberEmail(db, body.email))
      )
        throw conflict(serverMessages.emailTaken, 'EMAIL_TAKEN');
      const passwordHash = await hashPassword(body.password);
      let user: User;
      try {
        user = await repo.insertUser(db, { email: body.email, passwordHash, ...profileColumns(body) });
      } catch (error) {
        // Two sign-ups for one email at the same instant: the unique index decides.
        if (isUniqueViolation(error)) throw conflict(serverMessages.emailTaken, 'EMAIL_TAKEN');
        throw error;
      }
      try {
        await sendVerification(user);
      } catch (error) {
        // The account exists; logging in again re-sends the link, so do not fail the sign-up.
        log.error({ err: error, userId: user.id }, 'could not send the verification email');
      }
      return { message: serverMessages.registered, user_id: user.id };
    },

    async verifyEmail(token: string): Promise<{ status: boolean; message: string }> {
      const at = now();
      const verified = await db.transaction(async (tx) => {
        const userId = await repo.consumeToken(tx, hashToken(token), 'verify_email', at);
        if (!userId) return false;
        const user = await repo.findUserById(tx, userId);
        if (user && !user.emailVerifiedAt) await repo.updateUser(tx, userId, { emailVerifiedAt: at });
        return true;
      });
      if (!verified) throw badRequest(serverMessages.invalidVerificationToken, 'INVALID_TOKEN');
      return { status: true, message: serverMessages.verified };
    },

    async login(body: LoginBody): Promise<LoginResponse> {
      const user = await repo.findUserByEmail(db, body.email);
      // Staff sign in on the owners' page (docs/product/staff.md#staff-accounts); an email is
      // never both, and an owner's account is looked up first.
      const member = user ? undefined : await staffReads.signInByEmail(db, body.email);
      // Unknown email and wrong password answer alike, after the same amount of work.
      const passwordOk = await verifyPassword(
        user?.passwordHash ?? member?.passwordHash ?? (await decoyPasswordHash()),
        body.password,
      );
      if (member && passwordOk) {
        const token = await tokens.issue('staff', member.id, deps.ownerTokenTtlSeconds);
        return {
          user_id: member.ownerId,
          token,
          role: member.role,
          resturant: { restaurant_id: member.restaurantId },
        };
      }
      if (!user || !passwordOk) throw unauthorized(loginMessages.invalidCredentials, 'INVALID_CREDENTIALS');
      if (!user.emailVerifiedAt) {
        const lastSent = await repo.latestTokenCreatedAt(db, user.id, 'verify_email');
        if (!lastSent || now().getTime() - lastSent.getTime() > RESEND_VERIFICATION_AFTER_MS) {
          await sendVerification(user).catch((error) =>
            log.error({ err: error }, 'could not re-send verification'),
          );
        }
        throw conflict(loginMessages.verifyFirst, 'EMAIL_NOT_VERIFIED');
      }
      const token = await tokens.issue('owner', user.id, deps.ownerTokenTtlSeconds);
      const restaurantId = await restaurantReads.idOfOwner(db, user.id);
      return {
        user_id: user.id,
        token,
        ...(restaurantId ? { resturant: { restaurant_id: restaurantId } } : {}),
      };
    },

    async forgotPassword(email: string): Promise<{ message: string }> {
      const user = await repo.findUserByEmail(db, email);
      if (user) {
        const token = await issueToken(user, 'reset_password', RESET_TTL_MS);
        const link = `${publicUrl}/reset-password?token=${token}&type=restaurant`;
        // Not awaited: answering before the mail goes out keeps known and unknown emails
        // indistinguishable by timing. A lost message is recovered by asking again.
        mailer
          .send(passwordResetEmail(user.email, user.firstName, link))
          .catch((error) => log.error({ err: error, userId: user.id }, 'could not send the reset email'));
      }
      return { message: serverMessages.resetLinkSent };
    },

    async resetPassword(body: ResetPasswordBody): Promise<{ message: string }> {
      const passwordHash = await hashPassword(body.new_password);
      const at = now();
      const resetUserId = await db.transaction(async (tx) => {
        const userId = await repo.consumeToken(tx, hashToken(body.token), 'reset_password', at);
        if (!userId) return false;
        const user = await repo.findUserById(tx, userId);
        // The link proved the mailbox is theirs, which is what verification asks.
        await repo.updateUser(tx, userId, { passwordHash, emailVerifiedAt: user?.emailVerifiedAt ?? at });
        // Whoever knew the old password may hold a token: every earlier session ends here.
        await tokens.revokeAll('owner', userId, tx);
        return userId;
      });
      if (!resetUserId) throw badRequest(serverMessages.invalidResetToken, 'INVALID_TOKEN');
      tokens.announceRevoked('owner', resetUserId);
      return { message: serverMessages.passwordReset };
    },

    async getProfile(callerId: number, userId: number): Promise<UserProfile> {
      // Another owner's id answers exactly like a missing one.
      const user = callerId === userId ? await repo.findUserById(db, userId) : undefined;
      if (!user) throw notFound(loginMessages.userNotFound, 'USER_NOT_FOUND');
      return toProfile(user);
    },

    async updateProfile(
      callerId: number,
      userId: number,
      body: UpdateProfileBody,
    ): Promise<{ message: string; user: UserProfile }> {
      if (callerId !== userId) throw notFound(loginMessages.userNotFound, 'USER_NOT_FOUND');
      const changes = withoutUndefined(profileColumns(body));
      const user = Object.keys(changes).length
        ? await repo.updateUser(db, userId, changes)
        : await repo.findUserById(db, userId);
      if (!user) throw notFound(loginMessages.userNotFound, 'USER_NOT_FOUND');
      return { message: serverMessages.profileUpdated, user: toProfile(user) };
    },
  };
}
