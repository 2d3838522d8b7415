import { z } from 'zod';
import {
  email,
  emailToken,
  ignored,
  latitude,
  loginEmail,
  loginPassword,
  longitude,
  password,
  phone,
  requiredText,
} from './fields';
import { STAFF_ROLES } from './staff-roles';

/** Owner accounts: docs/product/accounts.md#owner-register. */

const addressFields = {
  address: requiredText('Address', 200),
  city: requiredText('City'),
  state: requiredText('State'),
  zip_code: requiredText('Zip code', 20),
  country: requiredText('Country'),
};

export const RegisterBody = z.strictObject({
  email,
  password,
  first_name: requiredText('First name'),
  last_name: requiredText('Last name'),
  phone,
  ...addressFields,
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.strictObject({
  email: loginEmail,
  password: loginPassword,
  // The web client sends its initial is_verified flag; the server never trusts it.
  is_verified: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginResponse = z.object({
  /** The owner's id; for a staff member or device, their restaurant owner's (docs/product/staff.md#roles). */
  user_id: z.number().int(),
  token: z.string(),
  /** Absent for the owner, as before staff existed. */
  role: z.enum(STAFF_ROLES).optional(),
  // Spelled as the spec's client reads it.
  resturant: z.object({ restaurant_id: z.number().int() }).optional(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const ForgotPasswordBody = z.strictObject({ email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const ResetPasswordBody = z.strictObject({ token: emailToken, new_password: password });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const VerifyEmailQuery = z.strictObject({ token: emailToken });

export const VerifyEmailResponse = z.object({ status: z.boolean(), message: z.string() });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponse>;

export const UserProfile = z.object({
  user_id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zip_code: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type UserProfile = z.infer<typeof UserProfile>;

/**
 * Editable profile fields. The Profile screen sends back the whole profile it holds, email
 * included; the email is the login identity and read-only there, so it is accepted and ignored
 * (as the restaurant's read-only contact fields are). Changing it would need a new verification.
 */
export const UpdateProfileBody = z
  .strictObject({
    email: ignored(),
    first_name: requiredText('First name'),
    last_name: requiredText('Last name'),
    phone,
    ...addressFields,
    latitude: latitude.nullable(),
    longitude: longitude.nullable(),
  })
  .partial();
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

export const UserIdParams = z.strictObject({ user_id: z.coerce.number().int().positive() });
