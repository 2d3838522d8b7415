/**
 * Every user-facing text of the specification, verbatim, in one place so server and web
 * cannot drift apart. Grouped by screen; section numbers point at the spec.
 */

/** docs/product/accounts.md#owner-login. */
export const loginMessages = {
  badRequest: 'Invalid request format',
  invalidCredentials: 'Invalid email or password',
  userNotFound: 'User not found',
  verifyFirst: 'Please verify your email first',
  server: 'Server error. Please try again later',
  unexpectedStatus: 'An unexpected error occurred',
  network: 'Network error. Please check your connection',
  other: 'An error occurred. Please try again',
} as const;

/**
 * The login page a staff member lands on once their invitation's password is set
 * (docs/product/staff.md#staff-accounts): their email filled in, no sign-up link. Here, not in
 * staff.ts, so the prerendered login page loads no schema.
 */
export const firstSignInMessages = {
  title: (restaurant: string) => `Welcome to ${restaurant}`,
  intro: 'Your email is filled in: enter the password you just chose.',
} as const;

/** docs/product/accounts.md#password-reset. */
export const ownerForgotMessages = {
  sent: 'Password reset link sent to your email.',
  notFound: 'Please check your email, if this account exist, you will receive an password reset email',
  failed: 'An error occurred. Please try again.',
} as const;

/** docs/product/restaurant-setup.md#create-restaurant and docs/product/accounts.md#owner-register; docs/product/accounts.md#diner-accounts shares the first two. */
export const registerMessages = {
  acceptTerms: 'Please accept the Terms and Conditions',
  passwordMismatch: 'Passwords do not match',
  failed: 'An error occurred during registration',
  registering: 'Registering...',
} as const;

/** docs/product/accounts.md#email-verification. */
export const verifyEmailMessages = {
  noToken: 'Invalid verification link.',
  failed: 'Email verification failed. Please try again.',
  invalidOrExpired: 'Invalid or expired verification link. Please request a new verification email.',
  error: 'Error verifying email. Please try again.',
  success: 'Email verified successfully. You can now login.',
} as const;

/** docs/product/accounts.md#password-reset. */
export const resetPasswordMessages = {
  passwordMismatch: 'Passwords do not match',
  failed: 'An error occurred. Please try again.',
} as const;

/** Texts the server answers with (its own wording where the spec leaves it open). */
export const serverMessages = {
  registered: 'Registration successful. Please check your email to verify your account.',
  emailTaken: 'An account with this email already exists',
  verified: 'Email verified successfully. You can now login.',
  invalidVerificationToken: 'Invalid or expired verification link',
  resetLinkSent: 'Password reset link sent to your email.',
  passwordReset: 'Your password has been reset. You can now log in.',
  invalidResetToken: 'This reset link is invalid or has expired',
  profileUpdated: 'Profile updated successfully',
  loggedOutEverywhere: 'You are logged out on every device.',
  unauthorized: 'Please log in to continue',
  notFound: 'Not found',
  /** Says as long a wait as the answer's Retry-After (seconds). */
  tooManyRequests: (retryAfterSeconds: number) => {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    return minutes <= 1
      ? 'Too many attempts. Please wait a minute and try again.'
      : `Too many attempts. Please wait ${minutes} minutes and try again.`;
  },
  internal: 'Something went wrong on our side. Please try again later.',
} as const;

/** Field checks shared by the contract's schemas (the server's 400s name the field). */
export const fieldMessages = {
  dateOutOfRange: (field: string, earliest: string, latest: string) =>
    `${field} must be a date from ${earliest} to ${latest}`,
} as const;

/** Router default error page. */
export const routerErrorTitle = 'Unexpected Application Error!';

/** Every paged list's steps (docs/product/api-conventions.md#pagination). */
export const pagerMessages = {
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;
