import { customerMessages } from '@tableserve/contract/customer';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { requestCustomerPasswordReset } from '../api/customer-auth';
import { useCheckedSubmit } from '../hooks/use-checked-submit';
import { useFormState } from '../hooks/use-form-state';
import { checkForgotPassword } from '../lib/customer-forms';
import { forgotPasswordFailureMessage } from '../lib/failure-messages';

type ForgotPasswordFormProps = { onSuccess?: () => void };

/** Forgot Password: emails the diner a reset link (docs/product/accounts.md#password-reset). */
export function ForgotPasswordForm({ onSuccess }: ForgotPasswordFormProps) {
  const { values, setErrors, bind } = useFormState({ email: '' });
  const { busy, submit } = useCheckedSubmit({
    check: () => checkForgotPassword(values),
    send: requestCustomerPasswordReset,
    successNotice: (response) => response.message || customerMessages.resetLinkSent,
    onSent: () => onSuccess?.(),
    failureMessage: forgotPasswordFailureMessage,
    setErrors,
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Forgot Password" className="flex flex-col gap-4">
      <p className="text-sm leading-6 text-stone-600">
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
      <EmailField {...bind('email')} />
      <Button type="submit" size="lg" busy={busy} className="mt-1 w-full">
        Send Reset Link
      </Button>
    </form>
  );
}
