import { z } from 'zod';
import { email, emailToken, id, password, requiredText } from './fields';
import { STAFF_ROLES } from './staff-roles';

/** Staff accounts: docs/product/staff.md#staff-accounts. */

export const staffRole = z.enum(STAFF_ROLES, 'Choose a role');

export const InviteStaffBody = z.strictObject({ name: requiredText('Name'), email, role: staffRole });
export type InviteStaffBody = z.infer<typeof InviteStaffBody>;

export const ChangeStaffRoleBody = z.strictObject({ role: staffRole });
export type ChangeStaffRoleBody = z.infer<typeof ChangeStaffRoleBody>;

export const StaffIdParams = z.strictObject({ staff_id: id });

/** Invited until the person has set their password, active from then on. */
export const STAFF_STATUSES = ['invited', 'active'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const StaffMember = z.object({
  staff_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(STAFF_STATUSES),
  /** ISO 8601. */
  invited_at: z.string(),
});
export type StaffMember = z.infer<typeof StaffMember>;

export const StaffListResponse = z.object({
  members: z.array(StaffMember),
  /** The restaurant's time zone, in which the screen shows invitation dates. */
  timezone: z.string().optional(),
});
export type StaffListResponse = z.infer<typeof StaffListResponse>;

export const StaffMemberResponse = z.object({ message: z.string(), member: StaffMember });
export type StaffMemberResponse = z.infer<typeof StaffMemberResponse>;

export const InvitationQuery = z.strictObject({ token: emailToken });

/** What the invitation page shows before the person sets a password. */
export const InvitationResponse = z.object({
  name: z.string(),
  /** The address invited: the login page the person lands on has it filled in. */
  email: z.string().optional(),
  restaurant_name: z.string(),
});
export type InvitationResponse = z.infer<typeof InvitationResponse>;

export const AcceptInvitationBody = z.strictObject({ token: emailToken, password });
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;

/** Texts of the staff screens and their API answers, used verbatim by both. */
export const staffMessages = {
  invited: (email: string) => `Invitation sent to ${email}.`,
  invitationResent: (email: string) => `Invitation sent again to ${email}.`,
  roleChanged: (name: string, role: string) => `${name} is now ${role}.`,
  removed: (name: string) => `${name} has been removed.`,
  accepted: 'Your password is set. Log in to start.',
  ownerEmail: "This email belongs to a restaurant owner's account and cannot be invited.",
  memberEmail: 'This email already belongs to a staff member.',
  notYourself: 'You cannot change or remove your own account.',
  notFound: 'Staff member not found',
  noRestaurant: 'Create your restaurant before inviting staff.',
  alreadyActive: 'This person has already accepted the invitation.',
  invalidInvitation: 'This invitation link is invalid, has expired or has already been used.',
  failed: 'An error occurred. Please try again.',
} as const;

/** Labels and headings of the staff screens. */
export const staffTexts = {
  title: 'Staff',
  intro: 'Invite the people who work with you. Each person signs in with their own email and password.',
  inviteHeading: 'Invite a person',
  name: 'Name',
  email: 'Email',
  role: 'Role',
  invite: 'Send invitation',
  inviting: 'Sending...',
  listHeading: 'Team',
  empty: 'No one has been invited yet.',
  status: { invited: 'Invited', active: 'Active' } satisfies Record<StaffStatus, string>,
  invitedOn: (date: string) => `Invited ${date}`,
  rolesHeading: 'What each role may do',
  roleOf: (name: string) => `Role of ${name}`,
  resend: 'Resend invitation',
  resendOf: (name: string) => `Resend invitation to ${name}`,
  remove: 'Remove',
  removeOf: (name: string) => `Remove ${name}`,
  confirmRemoveTitle: 'Remove this person?',
  confirmRemove: (name: string) =>
    `${name} will be signed out at once and can no longer sign in to your restaurant.`,
  cancel: 'Cancel',
  confirmRoleTitle: (name: string, role: string) => `Change ${name}'s role to ${role}?`,
  confirmRole: 'The change takes effect at once, on every device they are signed in on.',
  confirmRoleButton: (role: string) => `Change to ${role}`,
  acceptTitle: 'Join your team on TableServe',
  acceptIntro: (name: string, restaurant: string) =>
    `Hi ${name}, ${restaurant} has invited you. Choose a password to sign in.`,
  password: 'Password',
  confirmPassword: 'Confirm password',
  passwordMismatch: 'Passwords do not match',
  accept: 'Set password',
  accepting: 'Saving...',
  checking: 'Checking your invitation...',
  toLogin: 'Go to the login page',
} as const;
