import { PAYMENT_TIMINGS } from '@tableserve/contract/bill';
import {
  type PaymentSettings,
  TAX_REGISTRATION_MAX,
  paymentSettingsScreen as text,
} from '@tableserve/contract/payment-settings';
import { CreditCard, HandCoins, Percent, ReceiptText, RotateCcw, Timer } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Navigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { FormSection } from '@/components/ui/form-section';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingScreen } from '@/components/ui/spinner';
import { dashboardPaths } from '@/config/paths';
import { type FieldErrors, fieldErrorsFromServer, withoutFieldError } from '@/lib/field-errors';
import { usePaymentSettings } from '@/lib/payment-settings';
import { OwnerOnly } from '@/session/owner/owner-only';
import { type OwnerSession, readRestaurantId } from '@/session/owner/owner-session';
import { isRefusedLoad, RefusedLoad } from '@/session/owner/require-access';
import { usePaymentSettingsChange } from '../api/payment-settings-api';
import { messageOf, type SettingsForm, settingsBodyOf, settingsFormFrom } from '../lib/settings-form';
import { ChoiceCard } from './choice-card';
import { TaxRatesSection } from './tax-rates-section';

/** /dashboard/payment-settings (docs/decisions/020-money-model.md): Payments & taxes. */
export function PaymentSettingsPage() {
  const [restaurantId] = useState(readRestaurantId);
  if (restaurantId === null) return <Navigate to={dashboardPaths.createRestaurant} replace />;
  return (
    <OwnerOnly>
      {(session) => (
        <div className="flex flex-col gap-6">
          <PageHeader title={text.title} description={text.intro} />
          <LoadedSettings session={session} restaurantId={restaurantId} />
        </div>
      )}
    </OwnerOnly>
  );
}

function LoadedSettings({ session, restaurantId }: { session: OwnerSession; restaurantId: number }) {
  const settings = usePaymentSettings(restaurantId, session.token);
  if (settings.isPending) return <LoadingScreen label={text.loading} />;
  if (settings.isError) {
    if (isRefusedLoad(settings.error)) return <RefusedLoad error={settings.error} />;
    return (
      <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
        <Alert type="error">{text.loadFailed}</Alert>
        <Button variant="secondary" onClick={() => void settings.refetch()} busy={settings.isFetching}>
          <RotateCcw className="size-4" aria-hidden />
          {text.retry}
        </Button>
      </Card>
    );
  }
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <SettingsFormCard session={session} restaurantId={restaurantId} settings={settings.data} />
      <TaxRatesSection session={session} restaurantId={restaurantId} rates={settings.data.tax_rates} />
    </div>
  );
}

type FormProps = { session: OwnerSession; restaurantId: number; settings: PaymentSettings };

function SettingsFormCard({ session, restaurantId, settings }: FormProps) {
  const [form, setForm] = useState<SettingsForm>(() => settingsFormFrom(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  // Says what the server answered until the next edit.
  const [saved, setSaved] = useState<string | null>(null);
  const change = usePaymentSettingsChange(session.token, restaurantId);

  const set = <K extends keyof SettingsForm>(field: K, value: SettingsForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutFieldError(current, field));
    setSaved(null);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = settingsBodyOf(form);
    if (parsed.errors) return setErrors(parsed.errors);
    change.mutate(
      { kind: 'settings', body: parsed.body },
      {
        onSuccess: (response) => {
          setForm(settingsFormFrom(response.data));
          setSaved(response.message);
        },
        onError: (error) => setErrors(fieldErrorsFromServer(error)),
      },
    );
  }

  const failed = change.isError && Object.keys(fieldErrorsFromServer(change.error)).length === 0;
  return (
    <Card className="overflow-hidden">
      <form onSubmit={submit} noValidate>
        <FormSection icon={Timer} title={text.timingHeading} columns={1}>
          <fieldset className="grid gap-3 lg:grid-cols-3">
            <legend className="sr-only">{text.timingHeading}</legend>
            {PAYMENT_TIMINGS.map((timing) => (
              <ChoiceCard
                key={timing}
                name="payment_timing"
                label={text.timings[timing].label}
                help={text.timings[timing].help}
                checked={form.payment_timing === timing}
                onChange={() => set('payment_timing', timing)}
              />
            ))}
          </fieldset>
        </FormSection>

        <FormSection icon={ReceiptText} title={text.pricesHeading} columns={1}>
          <fieldset className="grid gap-3 md:grid-cols-2">
            <legend className="sr-only">{text.pricesHeading}</legend>
            <ChoiceCard
              name="prices_include_tax"
              label={text.pricesExclude}
              help={text.pricesExcludeHelp}
              checked={!form.prices_include_tax}
              onChange={() => set('prices_include_tax', false)}
            />
            <ChoiceCard
              name="prices_include_tax"
              label={text.pricesInclude}
              help={text.pricesIncludeHelp}
              checked={form.prices_include_tax}
              onChange={() => set('prices_include_tax', true)}
            />
          </fieldset>
          <TextField
            label={text.taxRegistration}
            value={form.tax_registration_number}
            onChange={(event) => set('tax_registration_number', event.target.value)}
            hint={text.taxRegistrationHint}
            error={errors.tax_registration_number}
            autoComplete="off"
            spellCheck={false}
            maxLength={TAX_REGISTRATION_MAX}
          />
        </FormSection>

        <FormSection icon={HandCoins} title={text.serviceHeading}>
          <TextField
            label={text.servicePercent}
            inputMode="decimal"
            value={form.service_charge_percent}
            onChange={(event) => set('service_charge_percent', event.target.value)}
            hint={text.servicePercentHint}
            error={errors.service_charge_percent}
            maxLength={7}
          />
          <TextField
            label={text.serviceMinParty}
            inputMode="numeric"
            value={form.service_charge_min_party}
            onChange={(event) => set('service_charge_min_party', event.target.value)}
            hint={text.serviceMinPartyHint}
            error={errors.service_charge_min_party}
            maxLength={2}
          />
        </FormSection>

        <FormSection icon={CreditCard} title={text.stripeHeading} columns={1}>
          <TextField
            label={text.stripeAccount}
            value={form.stripe_account_id}
            onChange={(event) => set('stripe_account_id', event.target.value)}
            hint={text.stripeAccountHint}
            error={errors.stripe_account_id}
            placeholder="acct_…"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
          />
        </FormSection>

        <div className="flex flex-col gap-3 border-t border-stone-100 bg-stone-50/60 px-5 py-4 md:flex-row md:items-center md:justify-end md:px-8">
          {saved && (
            <Alert type="success" className="md:mr-auto">
              {saved}
            </Alert>
          )}
          {failed && (
            <Alert type="error" className="md:mr-auto">
              {messageOf(change.error)}
            </Alert>
          )}
          <Button type="submit" busy={change.isPending && change.variables?.kind === 'settings'}>
            <Percent className="size-4" aria-hidden />
            {text.save}
          </Button>
        </div>
      </form>
    </Card>
  );
}
