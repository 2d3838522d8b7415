import { firstSignInMessages, ownerForgotMessages } from '@tableserve/contract/messages';
import { ArrowLeft, KeyRound, UtensilsCrossed } from 'lucide-react';
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { PasswordField } from '@/components/ui/password-field';
import { LoadingScreen } from '@/components/ui/spinner';
import { SubmitButton } from '@/components/ui/submit-button';
import { paths } from '@/config/paths';
import { type BannerMessage, bannerOfState, firstSignInOfState } from '@/lib/banner-message';
import { useHydrated } from '@/lib/use-hydrated';
import { useRequestOwnerPasswordReset } from '../api/forgot-password';
import { prepareOwnerSignIn, useOwnerSignIn } from '../hooks/use-owner-sign-in';
import { forgotPasswordFailure } from '../lib/forgot-password-failure';
import { loginErrorMessage } from '../lib/login-error-message';
import { AuthCard } from './auth-card';
import { AuthShell } from './auth-shell';
import { BackButton } from './back-button';

type Mode = 'login' | 'forgot';

const LOGIN_EMAIL_ID = 'login-email';
const LOGIN_PASSWORD_ID = 'login-password';

/** The value of a field of the prerendered page, as it stands in the browser now. */
function typedBeforeHydration(id: string): string {
  if (typeof document === 'undefined') return '';
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement ? field.value : '';
}

const textLink =
  'rounded-md font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline';

/**
 * Owner login (docs/product/accounts.md#owner-login, docs/product/accounts.md#owner-session). Forgot-password is a
 * mode of the same card rather than a route, as the spec describes.
 */
export function LoginPage() {
  const [mode, setMode] = useState<Mode>('login');
  const location = useLocation();
  // A message the previous screen handed over (a staff member's password just set).
  const [message, setMessage] = useState<BannerMessage | null>(() => bannerOfState(location.state));
  // A staff member who has just set their password: greeted, their email filled in, no sign-up link.
  const [firstSignIn] = useState(() => firstSignInOfState(location.state));
  // The page is prerendered (docs/performance.md): what was typed, or a password manager filled
  // in, before the app hydrated it is in the fields but not in the state. Hydration leaves a
  // field's value alone, but the next render would set it to the state's empty value, wiping what
  // was typed. So read the fields in the first render and again in a layout effect right after the
  // hydrating commit, before any other render: under load the typing may land between the two.
  const [email, setEmail] = useState(() => firstSignIn?.email || typedBeforeHydration(LOGIN_EMAIL_ID));
  const [password, setPassword] = useState(() => typedBeforeHydration(LOGIN_PASSWORD_ID));
  useLayoutEffect(() => {
    setEmail(typedBeforeHydration(LOGIN_EMAIL_ID));
    setPassword(typedBeforeHydration(LOGIN_PASSWORD_ID));
  }, []);
  const [resetEmail, setResetEmail] = useState('');

  const signIn = useOwnerSignIn();
  const resetRequest = useRequestOwnerPasswordReset();
  // A ref, not the mutation's state, so a second submit in the same tick is ignored too.
  const resetInFlight = useRef(false);

  useEffect(() => {
    window.scrollTo(0, 0);
    // Their email is there: the password is what is left to type.
    if (firstSignIn) document.getElementById(LOGIN_PASSWORD_ID)?.focus();
  }, [firstSignIn]);

  // Till hydrated, Log in is disabled, so the browser cannot submit the form itself (a GET with
  // the password in its address), and it looks as the server drew it.
  const hydrated = useHydrated();
  const loginReady = hydrated && email.trim() !== '' && password.trim() !== '';

  function submitLogin(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signIn.isPending) return;
    setMessage(null);
    signIn.mutate(
      { email, password },
      { onError: (error) => setMessage({ type: 'error', text: loginErrorMessage(error) }) },
    );
  }

  function submitReset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (resetInFlight.current) return;
    resetInFlight.current = true;
    setMessage(null);
    resetRequest.mutate(resetEmail, {
      onSuccess: () => {
        setMode('login');
        setMessage({ type: 'success', text: ownerForgotMessages.sent });
      },
      onError: (error) => setMessage(forgotPasswordFailure(error)),
      onSettled: () => {
        resetInFlight.current = false;
      },
    });
  }

  function openForgotMode() {
    setResetEmail(email.trim());
    setMessage(null);
    setMode('forgot');
  }

  function backToLogin() {
    setMessage(null);
    setMode('login');
  }

  const banner = message && (
    <Alert type={message.type} className="mb-5">
      {message.text}
    </Alert>
  );

  return (
    <>
      <AuthShell>
        {/* Behind a first sign-in is the invitation, spent: nothing to go back to. */}
        {!firstSignIn && <BackButton />}
        {mode === 'login' ? (
          <AuthCard
            icon={UtensilsCrossed}
            title={firstSignIn ? firstSignInMessages.title(firstSignIn.restaurant) : 'Welcome back'}
            description={
              firstSignIn
                ? firstSignInMessages.intro
                : 'Log in to TableServe to manage your restaurant, menu and orders.'
            }
          >
            {banner}
            <form
              method="post"
              onSubmit={submitLogin}
              // The owner has started on the form: the code that signs in is fetched while they type.
              onFocus={prepareOwnerSignIn}
              className="flex flex-col gap-5"
              aria-label="Log in"
            >
              <EmailField
                id={LOGIN_EMAIL_ID}
                required
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setMessage(null);
                }}
              />
              <PasswordField
                id={LOGIN_PASSWORD_ID}
                label="Password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setMessage(null);
                }}
                labelAside={
                  <button
                    type="button"
                    onClick={openForgotMode}
                    className={`${textLink} -my-3 -mr-2 inline-flex min-h-11 items-center px-2 text-sm`}
                  >
                    Forgot password?
                  </button>
                }
              />
              <SubmitButton ready={loginReady} disabled={signIn.isPending || !hydrated} className="mt-1">
                Log in
              </SubmitButton>
            </form>
            {!firstSignIn && (
              <p className="mt-7 border-t border-stone-100 pt-6 text-center text-sm text-stone-600">
                New to TableServe?{' '}
                <Link to={paths.register} className={`${textLink} inline-flex min-h-11 items-center px-1`}>
                  Create an account
                </Link>
              </p>
            )}
          </AuthCard>
        ) : (
          <AuthCard
            icon={KeyRound}
            title="Reset your password"
            description="Enter the email address of your account and we'll send you a link to choose a new password."
          >
            {banner}
            <form onSubmit={submitReset} className="flex flex-col gap-5" aria-label="Reset password">
              <EmailField
                required
                value={resetEmail}
                onChange={(event) => {
                  setResetEmail(event.target.value);
                  setMessage(null);
                }}
              />
              <SubmitButton ready={resetEmail.trim() !== ''} busy={resetRequest.isPending} className="mt-1">
                {resetRequest.isPending ? 'Sending…' : 'Send reset link'}
              </SubmitButton>
              <Button variant="ghost" size="lg" onClick={backToLogin} className="w-full">
                <ArrowLeft className="size-4" aria-hidden />
                Back to Login
              </Button>
            </form>
          </AuthCard>
        )}
      </AuthShell>
      {signIn.isPending && (
        // Outside the shell, whose own stacking context would keep the header above this screen.
        <div className="fixed inset-0 z-[60] grid place-items-center bg-stone-50/90 backdrop-blur-sm">
          <LoadingScreen label="Logging you in" />
        </div>
      )}
    </>
  );
}
