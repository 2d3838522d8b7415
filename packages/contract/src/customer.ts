import { z } from 'zod';
import {
  anyPassword,
  email,
  emailToken,
  id,
  loginEmail,
  loginPassword,
  password,
  phone,
  requiredText,
} from './fields';

/**
 * Diner accounts (docs/product/accounts.md#diner-accounts / Guest
 * login / Login, docs/product/api-conventions.md#api-calls, docs/product/accounts.md#diner-accounts). The spec's client sends its whole form, so unknown fields are ignored.
 */
export const CreateCustomerBody = z
  .object({
    customer_name: requiredText('Name'),
    email,
    phone_number: phone,
    restaurant_id: id,
    is_guest: z.boolean().default(false),
    // Required for a signup; a guest has none, so whatever a guest form sends is ignored.
    password: anyPassword.optional(),
  })
  .superRefine((body, context) => {
    if (body.is_guest) return;
    if (body.password === undefined) {
      context.addIssue({ code: 'custom', path: ['password'], message: 'Password is required' });
      return;
    }
    for (const issue of password.safeParse(body.password).error?.issues ?? [])
      context.addIssue({ code: 'custom', path: ['password'], message: issue.message });
  })
  .transform((body) => (body.is_guest ? { ...body, password: undefined } : body));
export type CreateCustomerBody = z.input<typeof CreateCustomerBody>;

export const CustomerLoginBody = z.object({
  email: loginEmail,
  password: loginPassword,
});

export const CustomerSession = z.object({
  customer_id: z.number().int(),
  customer_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  is_guest: z.boolean(),
  restaurant_id: z.number().int().nullable(),
  token: z.string(),
});
export type CustomerSession = z.infer<typeof CustomerSession>;

export const CustomerSessionResponse = z.object({ message: z.string(), data: CustomerSession });
export type CustomerSessionResponse = z.infer<typeof CustomerSessionResponse>;

export const CustomerForgotPasswordBody = z.object({ email });
export const CustomerResetPasswordBody = z.object({ token: emailToken, new_password: password });

/** The diner's texts, verbatim (docs/product/accounts.md#diner-accounts). */
export const customerMessages = {
  loginFailed: 'Invalid email or password',
  loginSuccess: 'Login successful',
  signupFailed: 'Error creating account. Please try again.',
  signupSuccess: 'Account created successfully',
  restaurantMissing: 'Restaurant information is missing. Please refresh the page and try again.',
  forgotFailed: 'Error resetting password',
  resetLinkSent: 'Password reset link sent to your email',
  sessionExpired: 'Session expired. Please login again.',
} as const;

/** The server's own texts for diner accounts. */
export const customerServerMessages = {
  emailTaken: 'An account with this email already exists. Please log in.',
  unknownRestaurant: 'Restaurant not found',
  guestCreated: 'Welcome! You can now place your order.',
  passwordReset: 'Your password has been reset. You can now log in from the restaurant menu.',
  invalidResetToken: 'This reset link is invalid or has expired',
} as const;
