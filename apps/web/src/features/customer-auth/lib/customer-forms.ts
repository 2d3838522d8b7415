import { CustomerLoginBody, customerMessages } from '@tableserve/contract/customer';
import { email, password, phone, requiredText } from '@tableserve/contract/fields';
import { registerMessages } from '@tableserve/contract/messages';
import { z } from 'zod';
import type { CustomerCredentials, GuestDetails, SignupDetails } from '../api/customer-auth';

/**
 * The diner's forms checked before anything is sent (docs/product/accounts.md#diner-accounts, Guest login,
 * Login). Field errors sit under their field; a form-wide problem is one message, in the
 * order a person fixes them: fields first, then passwords, terms and the restaurant.
 */
export type FormCheck<Value, Field extends string> =
  | { kind: 'ok'; value: Value }
  | { kind: 'fields'; fieldErrors: Partial<Record<Field, string>> }
  | { kind: 'message'; message: string };

const requiredEmail = z.string().trim().min(1, 'Email is required').pipe(email);
const requiredPhone = z.string().trim().min(1, 'Phone number is required').pipe(phone);
const requiredPassword = z.string().min(1, 'Password is required').pipe(password);

const GuestFields = z.object({
  customer_name: requiredText('Name'),
  email: requiredEmail,
  phone_number: requiredPhone,
});
const SignupFields = GuestFields.extend({ password: requiredPassword });

export type SignupForm = {
  customer_name: string;
  email: string;
  phone_number: string;
  password: string;
  confirmPassword: string;
};
export type GuestForm = { customer_name: string; email: string; phone_number: string };
export type LoginForm = CustomerCredentials;

function fieldErrorsOf<Field extends string>(error: z.ZodError): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return errors;
}

export function checkSignup(
  form: SignupForm,
  termsAccepted: boolean,
  restaurantId: number | null,
): FormCheck<SignupDetails, keyof SignupForm> {
  const parsed = SignupFields.safeParse(form);
  if (!parsed.success) return { kind: 'fields', fieldErrors: fieldErrorsOf(parsed.error) };
  if (form.password !== form.confirmPassword)
    return { kind: 'message', message: registerMessages.passwordMismatch };
  if (!termsAccepted) return { kind: 'message', message: registerMessages.acceptTerms };
  if (restaurantId === null) return { kind: 'message', message: customerMessages.restaurantMissing };
  return { kind: 'ok', value: { ...parsed.data, restaurant_id: restaurantId } };
}

export function checkGuest(
  form: GuestForm,
  termsAccepted: boolean,
  restaurantId: number | null,
): FormCheck<GuestDetails, keyof GuestForm> {
  const parsed = GuestFields.safeParse(form);
  if (!parsed.success) return { kind: 'fields', fieldErrors: fieldErrorsOf(parsed.error) };
  if (!termsAccepted) return { kind: 'message', message: registerMessages.acceptTerms };
  if (restaurantId === null) return { kind: 'message', message: customerMessages.restaurantMissing };
  return { kind: 'ok', value: { ...parsed.data, restaurant_id: restaurantId } };
}

export function checkLogin(form: LoginForm): FormCheck<CustomerCredentials, keyof LoginForm> {
  const parsed = CustomerLoginBody.safeParse(form);
  if (!parsed.success) return { kind: 'fields', fieldErrors: fieldErrorsOf(parsed.error) };
  return { kind: 'ok', value: parsed.data };
}

export function checkForgotPassword(form: { email: string }): FormCheck<string, 'email'> {
  const parsed = requiredEmail.safeParse(form.email);
  if (!parsed.success) return { kind: 'fields', fieldErrors: { email: parsed.error.issues[0]?.message } };
  return { kind: 'ok', value: parsed.data };
}
