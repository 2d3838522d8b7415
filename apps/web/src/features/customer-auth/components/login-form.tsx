import { type CustomerSession, customerMessages } from '@tableserve/contract/customer';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { PasswordField } from '@/components/ui/password-field';
import { LOGIN_SUCCESS_MS } from '@/session/diner/notify';
import { loginCustomer } from '../api/customer-auth';
import { useCheckedSubmit } from '../hooks/use-checked-submit';
import { useFormState } from '../hooks/use-form-state';
import { checkLogin } from '../lib/customer-forms';
import { loginFailureMessage } from '../lib/failure-messages';

type LoginFormProps = {
  onSuccess?: (customer: CustomerSession) => void;
  /** Shows a "Forgot password?" link beside the password label. */
  onForgotPassword?: () => void;
};

/** The diner's login (docs/product/accounts.md#diner-accounts: email and password required; docs/product/accounts.md#password-reset). */
export function LoginForm({ onSuccess, onForgotPassword }: LoginFormProps) {
  const { values, setErrors, bind } = useFormState({ email: '', password: '' });
  const { busy, submit } = useCheckedSubmit({
    check: () => checkLogin(values),
    send: loginCustomer,
    successNotice: () => customerMessages.loginSuccess,
    successMs: LOGIN_SUCCESS_MS,
    onSent: ({ data }) => onSuccess?.(data),
    failureMessage: loginFailureMessage,
    setErrors,
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Log In" className="flex flex-col gap-4">
      <EmailField {...bind('email')} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        labelAside={
          onForgotPassword && (
            <button
              type="button"
              onClick={onForgotPassword}
              className="-my-2 inline-flex min-h-11 items-center rounded-md px-1 text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
            >
              Forgot password?
            </button>
          )
        }
        {...bind('password')}
      />
      <Button type="submit" size="lg" busy={busy} className="mt-1 w-full">
        Log In
      </Button>
    </form>
  );
}
