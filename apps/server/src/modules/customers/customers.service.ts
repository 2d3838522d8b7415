import {
  type CreateCustomerBody,
  type CustomerSessionResponse,
  customerMessages,
  customerServerMessages as text,
} from '@tableserve/contract/customer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/app-error';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, randomToken } from '../../lib/random-tokens';
import type { SessionTokens } from '../../lib/session-tokens';
import type { Mailer } from '../../mail/mailer';
import { passwordResetEmail } from '../../mail/templates';
import { restaurantReads } from '../restaurants/restaurant-reads';
import { type Customer, customersRepository as repo } from './customers.repository';

const RESET_TTL_MS = 60 * 60 * 1000;

export type CustomersServiceDeps = {
  db: Db;
  tokens: SessionTokens;
  mailer: Mailer;
  publicUrl: string;
  customerTokenTtlSeconds: number;
  now: () => Date;
  log: FastifyBaseLogger;
};
export type CustomersService = ReturnType<typeof createCustomersService>;

/** Diner sign-up, guest check-in, login and password reset. */
export function createCustomersService(deps: CustomersServiceDeps) {
  const { db, tokens, mailer, publicUrl, now, log } = deps;

  async function session(customer: Customer, message: string): Promise<CustomerSessionResponse> {
    return {
      message,
      data: {
        customer_id: customer.id,
        customer_name: customer.customerName,
        email: customer.email,
        phone_number: customer.phoneNumber,
        is_guest: customer.isGuest,
        restaurant_id: customer.restaurantId,
        token: await tokens.issue('customer', customer.id, deps.customerTokenTtlSeconds),
      },
    };
  }

  return {
    async create(body: CreateCustomerBody): Promise<CustomerSessionResponse> {
      const restaurantId = Number(body.restaurant_id);
      if (!(await restaurantReads.byId(db, restaurantId))) {
        throw notFound(text.unknownRestaurant, 'RESTAURANT_NOT_FOUND');
      }
      const isGuest = body.is_guest ?? false;
      if (!isGuest && (await repo.findRegisteredByEmail(db, body.email)))
        throw conflict(text.emailTaken, 'EMAIL_TAKEN');
      const passwordHash = isGuest || !body.password ? null : await hashPassword(body.password);
      try {
        const customer = await repo.insert(db, {
          restaurantId,
          customerName: body.customer_name,
          email: body.email,
          phoneNumber: body.phone_number,
          passwordHash,
          isGuest,
        });
        return session(customer, isGuest ? text.guestCreated : customerMessages.signupSuccess);
      } catch (error) {
        // Two sign-ups for one email at once: the unique index decides.
        if (isUniqueViolation(error)) throw conflict(text.emailTaken, 'EMAIL_TAKEN');
        throw error;
      }
    },

    async login(email: string, password: string): Promise<CustomerSessionResponse> {
      const customer = await repo.findRegisteredByEmail(db, email);
      // Unknown email and wrong password answer alike, after the same amount of work.
      const ok = await verifyPassword(customer?.passwordHash ?? (await decoyPasswordHash()), password);
      if (!customer || !ok) throw unauthorized(customerMessages.loginFailed, 'INVALID_CREDENTIALS');
      return session(customer, customerMessages.loginSuccess);
    },

    async forgotPassword(email: string): Promise<{ message: string }> {
      const customer = await repo.findRegisteredByEmail(db, email);
      if (customer) {
        const token = randomToken();
        const at = now();
        await repo.insertResetToken(db, {
          customerId: customer.id,
          tokenHash: hashToken(token),
          createdAt: at,
          expiresAt: new Date(at.getTime() + RESET_TTL_MS),
        });
        const link = `${publicUrl}/reset-password?token=${token}&type=customer`;
        // Not awaited, so a known and an unknown email cannot be told apart by timing.
        mailer
          .send(passwordResetEmail(customer.email, customer.customerName, link))
          .catch((error) =>
            log.error({ err: error, customerId: customer.id }, 'could not send the reset email'),
          );
      }
      return { message: customerMessages.resetLinkSent };
    },

    async resetPassword(token: string, newPassword: string): Promise<{ message: string }> {
      const passwordHash = await hashPassword(newPassword);
      const resetCustomerId = await db.transaction(async (tx) => {
        const customerId = await repo.consumeResetToken(tx, hashToken(token), now());
        if (customerId) {
          await repo.setPassword(tx, customerId, passwordHash);
          // Every earlier session of the diner ends with the reset.
          await tokens.revokeAll('customer', customerId, tx);
        }
        return customerId;
      });
      if (resetCustomerId === undefined) throw badRequest(text.invalidResetToken, 'INVALID_TOKEN');
      tokens.announceRevoked('customer', resetCustomerId);
      return { message: text.passwordReset };
    },
  };
}
