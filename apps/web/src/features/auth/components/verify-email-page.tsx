import { verifyEmailMessages } from '@tableserve/contract/messages';
import { BadgeCheck, Mail, MailX } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from './auth-card';
import { AuthShell } from './auth-shell';

/** Email verification from the link in the welcome email (docs/product/accounts.md#email-verification). */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const verification = useVerifyEmail(token);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  let content: ReactNode;
  if (!token) {
    content = (
      <AuthCard icon={MailX} tone="error" title="This link doesn't work">
        <Alert type="error">{verifyEmailMessages.noToken}</Alert>
        <p className="mt-5 text-center text-sm text-stone-600">
          Open the verification link from your email again, making sure the whole link was copied.
        </p>
        <HomeActions />
      </AuthCard>
    );
  } else if (verification.isPending) {
    content = (
      <AuthCard icon={Mail} title="Verifying your email">
        <div className="flex flex-col items-center gap-3 py-4 text-brand-600">
          <Spinner className="size-10 border-[3px]" label="Verifying your email" />
          <p className="text-sm text-stone-500">This only takes a moment…</p>
        </div>
      </AuthCard>
    );
  } else if (verification.isSuccess && verification.data.status) {
    content = (
      <AuthCard icon={BadgeCheck} tone="success" title="Email verified">
        <Alert type="success">{verifyEmailMessages.success}</Alert>
        <Link to={paths.login} className={buttonClasses({ size: 'lg', className: 'mt-6 w-full' })}>
          Login
        </Link>
      </AuthCard>
    );
  } else {
    const error = verification.error;
    const text = verification.isSuccess
      ? verifyEmailMessages.failed
      : error instanceof ApiRequestError && error.status === 400
        ? verifyEmailMessages.invalidOrExpired
        : verifyEmailMessages.error;
    // Only a failed request is worth repeating; a refused token stays refused.
    const canRetry = verification.isError && !(error instanceof ApiRequestError && error.status === 400);
    content = (
      <AuthCard icon={MailX} tone="error" title="We couldn't verify your email">
        <Alert type="error">{text}</Alert>
        {canRetry ? (
          <div className="mt-6 flex flex-col gap-3">
            <Button
              size="lg"
              className="w-full"
              busy={verification.isFetching}
              onClick={() => verification.refetch()}
            >
              Try again
            </Button>
            <Link
              to={paths.home}
              className={buttonClasses({ variant: 'ghost', size: 'lg', className: 'w-full' })}
            >
              Back to home
            </Link>
          </div>
        ) : (
          <HomeActions />
        )}
      </AuthCard>
    );
  }

  return <AuthShell>{content}</AuthShell>;
}

function HomeActions() {
  return (
    <div className="mt-6 flex flex-col gap-3">
      <Link to={paths.login} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
        Go to login
      </Link>
      <Link to={paths.home} className={buttonClasses({ variant: 'ghost', size: 'lg', className: 'w-full' })}>
        Back to home
      </Link>
    </div>
  );
}
