import { password as passwordSchema } from '@tableserve/contract/fields';
import { staffMessages, staffTexts } from '@tableserve/contract/staff';
import { Link2Off, UserRoundCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PasswordField } from '@/components/ui/password-field';
import { Spinner } from '@/components/ui/spinner';
import { SubmitButton } from '@/components/ui/submit-button';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import type { BannerMessage, FirstSignIn } from '@/lib/banner-message';
import { useAcceptInvitation, useInvitation } from '../api/staff';

const serverText = (error: unknown) =>
  (error instanceof ApiRequestError && error.serverMessage) || staffMessages.failed;

/**
 * /invite/:token (docs/product/staff.md#staff-accounts): who invites the person, a password and
 * its confirmation; once set, the login page, with the server's success message and the email
 * filled in.
 */
export function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);

  if (invitation.isPending)
    return (
      <Card className="flex items-center justify-center gap-3 px-6 py-12 text-sm text-stone-600">
        <Spinner className="size-5" decorative />
        {staffTexts.checking}
      </Card>
    );
  if (invitation.isError)
    return (
      <Card className="px-5 py-8 text-center sm:px-8">
        <Link2Off className="mx-auto size-8 text-red-700" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold tracking-tight">{staffTexts.acceptTitle}</h1>
        <Alert type="error" className="mt-6 text-left">
          {serverText(invitation.error)}
        </Alert>
        <Link to={paths.login} className={buttonClasses({ variant: 'secondary', className: 'mt-6 w-full' })}>
          {staffTexts.toLogin}
        </Link>
      </Card>
    );
  return (
    <PasswordForm
      token={token}
      name={invitation.data.name}
      email={invitation.data.email}
      restaurant={invitation.data.restaurant_name}
    />
  );
}

function PasswordForm({
  token,
  name,
  email,
  restaurant,
}: {
  token: string;
  name: string;
  email: string | undefined;
  restaurant: string;
}) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const accept = useAcceptInvitation();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (accept.isPending) return;
    const checked = passwordSchema.safeParse(password);
    if (!checked.success) {
      setPasswordError(checked.error.issues[0]?.message);
      return;
    }
    if (password !== confirm) {
      setFormError(staffTexts.passwordMismatch);
      return;
    }
    setFormError(null);
    accept.mutate(
      { token, password },
      {
        onSuccess: (text) => {
          const message: BannerMessage = { type: 'success', text };
          // The login page greets a first sign-in, with the invited email filled in.
          const firstSignIn: FirstSignIn | undefined =
            email === undefined ? undefined : { email, restaurant };
          navigate(paths.login, { state: { message, firstSignIn } });
        },
        onError: (error) => setFormError(serverText(error)),
      },
    );
  }

  return (
    <Card className="px-5 py-7 sm:px-8 sm:py-9">
      <div className="mb-7 flex flex-col items-center text-center">
        <span
          className="grid size-12 place-items-center rounded-2xl bg-brand-600 text-white shadow-lg shadow-brand-600/25"
          aria-hidden
        >
          <UserRoundCheck className="size-6" strokeWidth={2.2} />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight">{staffTexts.acceptTitle}</h1>
        <p className="mt-2 max-w-sm text-[0.9375rem] leading-6 text-stone-600">
          {staffTexts.acceptIntro(name, restaurant)}
        </p>
      </div>
      {formError && (
        <Alert type="error" className="mb-5">
          {formError}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label={staffTexts.accept} className="flex flex-col gap-5">
        <PasswordField
          label={staffTexts.password}
          name="password"
          autoComplete="new-password"
          hint="At least 8 characters"
          error={passwordError}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setPasswordError(undefined);
            setFormError(null);
          }}
        />
        <PasswordField
          label={staffTexts.confirmPassword}
          name="confirm_password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => {
            setConfirm(event.target.value);
            setFormError(null);
          }}
        />
        <SubmitButton ready={password !== '' && confirm !== ''} busy={accept.isPending}>
          {accept.isPending ? staffTexts.accepting : staffTexts.accept}
        </SubmitButton>
      </form>
    </Card>
  );
}
