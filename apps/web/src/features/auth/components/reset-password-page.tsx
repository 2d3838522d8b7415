import { password as passwordSchema } from '@tableserve/contract/fields';
import { resetPasswordMessages } from '@tableserve/contract/messages';
import { CircleCheckBig, KeyRound, Link2Off, RotateCcw } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from './auth-card';
import { AuthShell } from './auth-shell';

/**
 * Choosing a new password from an emailed link (docs/product/web-app.md#routes, docs/product/accounts.md#password-reset,
 * docs/product/accounts.md#password-reset). The link's type says whose password it is: restaurant for owners, anything
 * else for diners.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const type = searchParams.get('type');
  const isOwner = type === 'restaurant';

  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | undefined>(undefined);
  const reset = useResetPassword();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token || reset.isPending) return;
    if (newPassword !== confirmPassword) {
      setFormError(resetPasswordMessages.passwordMismatch);
      return;
    }
    const checked = passwordSchema.safeParse(newPassword);
    if (!checked.success) {
      setPasswordError(checked.error.issues[0]?.message);
      return;
    }
    setFormError(null);
    reset.mutate({ type, token, new_password: newPassword });
  }

  function tryAgain() {
    reset.reset();
    setNewPassword('');
    setConfirmPassword('');
  }

  if (!token) {
    return (
      <AuthShell>
        <AuthCard icon={Link2Off} tone="error" title="Password not reset">
          <Alert type="error">
            This password reset link is incomplete: it has no reset code. Open the link from your email again,
            making sure the whole link was copied.
          </Alert>
          {isOwner ? (
            <Link to={paths.login} className={buttonClasses({ size: 'lg', className: 'mt-6 w-full' })}>
              Go to login
            </Link>
          ) : (
            <Link
              to={paths.home}
              className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'mt-6 w-full' })}
            >
              Back to home
            </Link>
          )}
        </AuthCard>
      </AuthShell>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthShell>
        <AuthCard icon={CircleCheckBig} tone="success" title="Password updated">
          <Alert type="success">{reset.data.message}</Alert>
          <LoginAction isOwner={isOwner} />
        </AuthCard>
      </AuthShell>
    );
  }

  if (reset.isError) {
    const error = reset.error;
    const text = (error instanceof ApiRequestError && error.serverMessage) || resetPasswordMessages.failed;
    return (
      <AuthShell>
        <AuthCard icon={KeyRound} tone="error" title="Password not reset">
          <Alert type="error">{text}</Alert>
          <Button size="lg" className="mt-6 w-full" onClick={tryAgain}>
            <RotateCcw className="size-4" aria-hidden />
            Try again
          </Button>
          <p className="mt-4 text-center text-sm text-stone-600">
            If the link has expired, request a new one from the{' '}
            {isOwner ? "login screen's Forgot password" : "restaurant menu's login"} option.
          </p>
        </AuthCard>
      </AuthShell>
    );
  }

  const ready = newPassword.trim() !== '' && confirmPassword.trim() !== '';

  return (
    <AuthShell>
      <AuthCard
        icon={KeyRound}
        title="Choose a new password"
        description={
          isOwner
            ? 'Set a new password for your TableServe restaurant account.'
            : 'Set a new password for your TableServe diner account.'
        }
      >
        {formError && (
          <Alert type="error" className="mb-5">
            {formError}
          </Alert>
        )}
        <form onSubmit={submit} aria-label="Choose a new password" className="flex flex-col gap-5">
          <PasswordField
            label="New password"
            name="new_password"
            autoComplete="new-password"
            required
            hint="At least 8 characters"
            error={passwordError}
            value={newPassword}
            onChange={(event) => {
              setNewPassword(event.target.value);
              setFormError(null);
              setPasswordError(undefined);
            }}
          />
          <PasswordField
            label="Confirm new password"
            name="confirm_password"
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(event) => {
              setConfirmPassword(event.target.value);
              setFormError(null);
            }}
          />
          <SubmitButton ready={ready} busy={reset.isPending} className="mt-1">
            {reset.isPending ? 'Saving…' : 'Reset password'}
          </SubmitButton>
        </form>
      </AuthCard>
    </AuthShell>
  );
}

/** Owners log in on /login; diners log in from their restaurant's menu, which has no fixed address. */
function LoginAction({ isOwner }: { isOwner: boolean }) {
  if (isOwner) {
    return (
      <Link to={paths.login} className={buttonClasses({ size: 'lg', className: 'mt-6 w-full' })}>
        Log in
      </Link>
    );
  }
  return (
    <p className="mt-5 rounded-xl bg-stone-50 px-4 py-3 text-center text-sm leading-6 text-stone-600">
      You can now return to the restaurant's menu and log in there with your new password.
    </p>
  );
}
