import { customerMessages } from '@tableserve/contract/customer';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { requestCustomerPasswordReset } from '../api/customer-auth';
import { useFormState } from '../hooks/use-form-state';
import { useSingleFlight } from '../hooks/use-single-flight';
import { checkForgotPassword } from '../lib/customer-forms';
import { forgotPasswordFailureMessage } from '../lib/failure-messages';
import { useNotices } from '../lib/notify';

type ForgotPasswordFormProps = { onSuccess?: () => void };

/** Forgot Password: emails the diner a reset link (customer-side §7 forgot-password, §8 texts). */
export function ForgotPasswordForm({ onSuccess }: ForgotPasswordFormProps) {
  const { values, setErrors, bind } = useFormState({ email: '' });
  const { busy, run } = useSingleFlight();
  const notices = useNotices();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      notices.clear();
      const check = checkForgotPassword(values);
      if (check.kind !== 'ok') {
        if (check.kind === 'fields') setErrors(check.fieldErrors);
        return;
      }
      try {
        const response = await requestCustomerPasswordReset(check.value);
        notices.success(response.message || customerMessages.resetLinkSent);
        onSuccess?.();
      } catch (error) {
        notices.error(forgotPasswordFailureMessage(error));
      }
    });
  }

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
