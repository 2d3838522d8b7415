import { UpdateProfileBody, type UserProfile } from '@tableserve/contract/auth';
import { type FieldErrors, fieldErrorsFromIssues } from '@/lib/field-errors';

/** The profile's fields in the order the screen lists them (docs/product/accounts.md#owner-profile). */
export const PROFILE_FIELDS = [
  { name: 'first_name', label: 'First name', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', autoComplete: 'tel-national' },
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
  { name: 'zip_code', label: 'Zip code', autoComplete: 'postal-code' },
] as const;

export type ProfileFieldName = (typeof PROFILE_FIELDS)[number]['name'];
/** Everything but the email, which is the login identity and stays read-only. */
export type EditableProfileField = Exclude<ProfileFieldName, 'email'>;
export type ProfileForm = Record<EditableProfileField, string>;

export function profileFormFrom(profile: UserProfile): ProfileForm {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    phone: profile.phone,
    address: profile.address,
    city: profile.city,
    state: profile.state,
    country: profile.country,
    zip_code: profile.zip_code,
  };
}

export type ProfileValidation = { ok: true; body: UpdateProfileBody } | { ok: false; errors: FieldErrors };

/** Checked with the server's own schema before saving. */
export function validateProfileForm(form: ProfileForm): ProfileValidation {
  const parsed = UpdateProfileBody.safeParse(form);
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: fieldErrorsFromIssues(parsed.error.issues) };
}

export const initialsOf = (profile: Pick<UserProfile, 'first_name' | 'last_name'>) =>
  `${profile.first_name.trim().charAt(0)}${profile.last_name.trim().charAt(0)}`.toUpperCase() || '?';
