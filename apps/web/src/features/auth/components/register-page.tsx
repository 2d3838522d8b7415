import { RegisterBody } from '@tableserve/contract/auth';
import { registerMessages } from '@tableserve/contract/messages';
import { LockKeyhole, type LucideIcon, MailCheck, MapPin, Store, UserRound } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { TextField } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { PhoneField } from '@/components/ui/phone-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { paths } from '@/config/paths';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { ApiRequestError } from '@/lib/api-client';
import { useRegisterOwner } from '../api/register';
import { AuthCard } from './auth-card';
import { AuthShell } from './auth-shell';
import { TermsModal } from './terms-modal';

/** docs/product/accounts.md#owner-register: registration redirect and message durations. */
export const REDIRECT_TO_LOGIN_MS = 5000;
const ERROR_MS = 5000;
const MISMATCH_MS = 3000;
const TERMS_MS = 9000;

type RegistrationForm = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  password: string;
  confirmPassword: string;
};
type FieldName = keyof RegistrationForm;
type FieldErrors = Partial<Record<FieldName, string>>;

const emptyForm: RegistrationForm = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zip_code: '',
  country: '',
  password: '',
  confirmPassword: '',
};

function fieldErrorsFromServer(error: unknown): FieldErrors {
  if (!(error instanceof ApiRequestError)) return {};
  const body = error.body as { errors?: Array<{ path?: unknown; message?: unknown }> } | undefined;
  const errors: FieldErrors = {};
  for (const item of body?.errors ?? []) {
    const field = String(item.path ?? '').split('.')[0] as FieldName;
    if (field in emptyForm && typeof item.message === 'string') errors[field] ??= item.message;
  }
  return errors;
}

/**
 * Owner registration (docs/product/accounts.md#owner-register). Served at /register and
 * /dashboard/register.
 */
export function RegisterPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<RegistrationForm>(emptyForm);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const { message, show } = useTimedMessage();
  const registration = useRegisterOwner();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  useEffect(() => {
    if (!registration.isSuccess) return;
    const timer = setTimeout(() => navigate(paths.login), REDIRECT_TO_LOGIN_MS);
    return () => clearTimeout(timer);
  }, [registration.isSuccess, navigate]);

  const ready = Object.values(form).every((value) => value.trim() !== '') && termsAccepted;

  function update(field: FieldName, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (registration.isPending) return;
    if (!termsAccepted) return show({ type: 'error', text: registerMessages.acceptTerms }, TERMS_MS);
    if (form.password !== form.confirmPassword) {
      return show({ type: 'error', text: registerMessages.passwordMismatch }, MISMATCH_MS);
    }

    const { confirmPassword: _dropped, ...payload } = form;
    const parsed = RegisterBody.safeParse(payload);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as FieldName] ??= issue.message;
      setFieldErrors(errors);
      return;
    }

    registration.mutate(parsed.data, {
      onError: (error) => {
        setFieldErrors(fieldErrorsFromServer(error));
        const text = (error instanceof ApiRequestError && error.serverMessage) || registerMessages.failed;
        show({ type: 'error', text }, ERROR_MS);
      },
    });
  }

  if (registration.isSuccess) {
    return (
      <AuthShell>
        <AuthCard
          icon={MailCheck}
          tone="success"
          title="Check your inbox"
          description="We sent you a link to verify your email address. Verify it, then log in to choose your plan."
        >
          <Alert type="success">{registration.data.message}</Alert>
          <p className="mt-5 text-center text-sm text-stone-600">
            Taking you to the login page in a few seconds…
          </p>
          <Link to={paths.login} className={buttonClasses({ size: 'lg', className: 'mt-5 w-full' })}>
            Go to login now
          </Link>
        </AuthCard>
      </AuthShell>
    );
  }

  const field = (name: FieldName) => ({
    name,
    value: form[name],
    error: fieldErrors[name],
    required: true,
    onChange: (event: { target: { value: string } }) => update(name, event.target.value),
  });

  return (
    <AuthShell wide>
      <AuthCard
        icon={Store}
        title="Create your TableServe account"
        description="Set up your owner account in a minute, then choose a plan and add your restaurant."
      >
        <form onSubmit={submit} aria-label="Register" className="flex flex-col gap-8">
          <FormSection icon={UserRound} title="Your details">
            <TextField label="First name" autoComplete="given-name" {...field('first_name')} />
            <TextField label="Last name" autoComplete="family-name" {...field('last_name')} />
            <EmailField {...field('email')} />
            {/* Phone accepts digits only, at most 10 (docs/product/accounts.md#owner-register). */}
            <PhoneField
              label="Phone"
              name="phone"
              required
              value={form.phone}
              error={fieldErrors.phone}
              onValueChange={(digits) => update('phone', digits)}
            />
          </FormSection>

          <FormSection icon={MapPin} title="Business address">
            <TextField
              label="Street address"
              autoComplete="street-address"
              className="md:col-span-2"
              {...field('address')}
            />
            <TextField label="City" autoComplete="address-level2" {...field('city')} />
            <TextField label="State" autoComplete="address-level1" {...field('state')} />
            <TextField label="Zip code" autoComplete="postal-code" {...field('zip_code')} />
            <TextField label="Country" autoComplete="country-name" {...field('country')} />
          </FormSection>

          <FormSection icon={LockKeyhole} title="Password">
            <PasswordField
              label="Password"
              autoComplete="new-password"
              hint="At least 8 characters"
              {...field('password')}
            />
            <PasswordField
              label="Confirm password"
              autoComplete="new-password"
              {...field('confirmPassword')}
            />
          </FormSection>

          <div className="flex flex-col gap-5 border-t border-stone-100 pt-6">
            <div className="flex flex-wrap items-center text-sm text-stone-700">
              <label className="flex min-h-11 cursor-pointer items-center gap-3 pr-1">
                <input
                  type="checkbox"
                  name="terms"
                  checked={termsAccepted}
                  onChange={(event) => setTermsAccepted(event.target.checked)}
                  aria-labelledby="register-terms-agree register-terms-link"
                  className="size-5 shrink-0 cursor-pointer rounded accent-brand-600"
                />
                <span id="register-terms-agree">I agree to the</span>
              </label>
              <button
                id="register-terms-link"
                type="button"
                onClick={() => setTermsOpen(true)}
                className="inline-flex min-h-11 items-center rounded-md font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
              >
                Terms and Conditions
              </button>
            </div>

            {message && <Alert type={message.type}>{message.text}</Alert>}

            <div className="flex flex-col-reverse items-stretch gap-4 md:flex-row md:items-center md:justify-between">
              <p className="text-center text-sm text-stone-600 md:text-left">
                Already have an account?{' '}
                <Link
                  to={paths.login}
                  className="inline-flex min-h-11 items-center rounded-md px-1 font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
                >
                  Log in
                </Link>
              </p>
              <SubmitButton ready={ready} busy={registration.isPending} className="md:w-auto md:min-w-52">
                {registration.isPending ? registerMessages.registering : 'Register'}
              </SubmitButton>
            </div>
          </div>
        </form>
      </AuthCard>

      <TermsModal
        open={termsOpen}
        onClose={() => setTermsOpen(false)}
        onAccept={() => {
          setTermsAccepted(true);
          setTermsOpen(false);
        }}
      />
    </AuthShell>
  );
}

function FormSection({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-4 flex items-center gap-2 text-sm font-semibold tracking-wide text-stone-900 uppercase">
        <Icon className="size-4 text-brand-600" aria-hidden />
        {title}
      </legend>
      <div className="grid gap-4 md:grid-cols-2 md:gap-x-5">{children}</div>
    </fieldset>
  );
}
