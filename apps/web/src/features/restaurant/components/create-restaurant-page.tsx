import { restaurantMessages } from '@tableserve/contract/restaurant';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, MapPin, PartyPopper, Phone } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmailField } from '@/components/ui/email-field';
import { TextField } from '@/components/ui/field';
import { FormSection } from '@/components/ui/form-section';
import { PageHeader } from '@/components/ui/page-header';
import { PhoneField } from '@/components/ui/phone-field';
import { SetupSteps } from '@/components/ui/setup-steps';
import { LoadingScreen } from '@/components/ui/spinner';
import { SubmitButton } from '@/components/ui/submit-button';
import { dashboardPaths } from '@/config/paths';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { ApiRequestError } from '@/lib/api-client';
import { type FieldErrors, fieldErrorsFromServer, withoutFieldError } from '@/lib/field-errors';
import { localStore, menuSetupKey } from '@/lib/storage';
import { OwnerOnly } from '@/session/owner/owner-only';
import { hasActiveRestaurant, type OwnerSession, saveRestaurantId } from '@/session/owner/owner-session';
import { subscriptionStatusQueryKey } from '@/session/owner/subscription-status';
import { type CreatedRestaurant, useCreateRestaurant } from '../api/create-restaurant';
import { linkRestaurantToSubscription } from '../api/link-subscription';
import { useGoogleMapsApiKey } from '../api/public-config';
import { MENU_REDIRECT_MS, useMenuRedirect } from '../hooks/use-menu-redirect';
import { browserTimeZone } from '../lib/browser-time-zone';
import type { PickedAddress } from '../lib/place-to-address';
import {
  type CreateRestaurantForm,
  emptyCreateForm,
  PICKED_ADDRESS_FIELDS,
  validateCreateForm,
  withPickedAddress,
} from '../lib/restaurant-form';
import { AddressSearch } from './address-search';
import { OpeningHoursSection, RestaurantBasicsSection, type UpdateDetail } from './restaurant-details-fields';

/** docs/product/restaurant-setup.md#restaurant: the loader shows 1 s; a failure message 9 s. */
export const CREATE_LOADER_MS = 1000;
export const CREATE_ERROR_MS = 9000;

/** A Google Maps browser key turns on the address search; null: plain address fields. */
type MapsProps = { mapsApiKey?: string | null };

/**
 * The page as the app mounts it: with the maps key the server publishes (docs/product/platform.md#maps).
 * Until the key is known, and without one, the address is typed in plain fields.
 */
export function CreateRestaurantPageWithMaps() {
  return <CreateRestaurantPage mapsApiKey={useGoogleMapsApiKey()} />;
}

/**
 * Create Restaurant, step 1 of 3 (docs/product/restaurant-setup.md#restaurant, docs/product/restaurant-setup.md#create-restaurant). An owner whose
 * restaurant is already active edits it instead.
 */
export function CreateRestaurantPage({ mapsApiKey = null }: MapsProps) {
  const [alreadyActive] = useState(hasActiveRestaurant);
  if (alreadyActive) return <Navigate to={dashboardPaths.editRestaurant} replace />;
  return (
    <OwnerOnly>{(session) => <CreateRestaurantSteps session={session} mapsApiKey={mapsApiKey} />}</OwnerOnly>
  );
}

function CreateRestaurantSteps({ session, mapsApiKey }: { session: OwnerSession } & MapsProps) {
  const [loading, setLoading] = useState(true);
  const [created, setCreated] = useState<CreatedRestaurant | null>(null);
  const { schedule, goToMenu } = useMenuRedirect();
  const queryClient = useQueryClient();

  useEffect(() => {
    const timer = setTimeout(() => setLoading(false), CREATE_LOADER_MS);
    return () => clearTimeout(timer);
  }, []);

  function onCreated(result: CreatedRestaurant) {
    const id = result.restaurant_id;
    // docs/product/web-app.md#client-storage and docs/product/restaurant-setup.md#create-restaurant.
    saveRestaurantId(id);
    localStore.set(menuSetupKey(id), 'pending');
    setCreated(result);
    const onClose = schedule(id);
    toast.info(result.message, { autoClose: MENU_REDIRECT_MS, onClose });
    void linkRestaurantToSubscription(session).then((linked) => {
      if (linked)
        void queryClient.invalidateQueries({ queryKey: subscriptionStatusQueryKey(session.userId) });
    });
    window.scrollTo(0, 0);
  }

  return (
    <div className="flex flex-col gap-6">
      <Card className="px-5 py-5 md:px-8">
        <SetupSteps current={1} />
      </Card>
      {loading ? (
        <LoadingScreen label="Preparing your restaurant setup" />
      ) : created ? (
        <CreatedPanel onContinue={() => goToMenu(created.restaurant_id)} />
      ) : (
        <RestaurantSetupForm session={session} onCreated={onCreated} mapsApiKey={mapsApiKey} />
      )}
    </div>
  );
}

function CreatedPanel({ onContinue }: { onContinue: () => void }) {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center md:py-16">
      <span className="grid size-14 place-items-center rounded-2xl bg-emerald-50 text-emerald-700">
        <PartyPopper className="size-7" aria-hidden />
      </span>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Your restaurant is ready</h1>
        <p className="mt-2 max-w-md text-[0.9375rem] leading-7 text-stone-600">
          Next, add your menu items. We'll take you to Menu Management in a few seconds.
        </p>
      </div>
      <Button size="lg" onClick={onContinue}>
        Add menu items now
        <ArrowRight className="size-4" aria-hidden />
      </Button>
    </Card>
  );
}

/** Every field typed as text: all but the opening hours and the picked coordinates. */
type TextFieldName = Exclude<keyof CreateRestaurantForm, 'opening_hours' | 'coordinates'>;

type FormProps = { session: OwnerSession; onCreated: (result: CreatedRestaurant) => void } & MapsProps;

function RestaurantSetupForm({ session, onCreated, mapsApiKey }: FormProps) {
  const [form, setForm] = useState<CreateRestaurantForm>(() => emptyCreateForm(browserTimeZone()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { message, show, clear } = useTimedMessage();
  const creation = useCreateRestaurant(session);
  // A second click can arrive before React re-renders the busy button.
  const submitting = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useRef(false);

  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const ready = validateCreateForm(form).ok;

  function update(field: TextFieldName, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutFieldError(current, field));
  }

  const updateDetail: UpdateDetail = (field, value) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutFieldError(current, field));
  };

  function pickAddress(picked: PickedAddress) {
    setForm((current) => withPickedAddress(current, picked));
    setErrors((current) => PICKED_ADDRESS_FIELDS.reduce(withoutFieldError, current));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting.current) return;
    const validation = validateCreateForm(form);
    if (!validation.ok) {
      focusFirstError.current = true;
      setErrors(validation.errors);
      return;
    }
    submitting.current = true;
    clear();
    creation.mutate(validation.body, {
      onSuccess: onCreated,
      onError: (error) => {
        submitting.current = false;
        const exists = error instanceof ApiRequestError && error.status === 409;
        const text = exists
          ? (error.serverMessage ?? restaurantMessages.createFailed)
          : restaurantMessages.createFailed;
        focusFirstError.current = true;
        setErrors(fieldErrorsFromServer(error));
        show({ type: 'error', text }, CREATE_ERROR_MS);
      },
    });
  }

  const busy = creation.isPending || creation.isSuccess;
  const text = (name: TextFieldName) => ({
    name,
    value: form[name],
    error: errors[name],
    disabled: busy,
    onChange: (event: { target: { value: string } }) => update(name, event.target.value),
  });

  return (
    <>
      <PageHeader
        eyebrow="Restaurant setup"
        title="Create your restaurant"
        description="Tell diners who you are, where to find you and when you are open. You can change the name, tables and hours later."
      />
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        aria-label="Create restaurant"
        className="flex flex-col gap-6"
      >
        <Card>
          <RestaurantBasicsSection form={form} errors={errors} update={updateDetail} disabled={busy} />

          <FormSection icon={Phone} title="Contact">
            <EmailField
              required
              hint="Where diners and TableServe can reach the restaurant"
              {...text('email')}
            />
            <PhoneField
              label="Phone"
              name="phone"
              required
              value={form.phone}
              error={errors.phone}
              disabled={busy}
              onValueChange={(digits) => update('phone', digits)}
            />
          </FormSection>

          {/* docs/product/platform.md#maps needs a maps key; without one (offline) the address is typed in plain fields with the same payload. */}
          <FormSection
            icon={MapPin}
            title="Address"
            description="Fixed once the restaurant is created, so check it carefully."
          >
            {mapsApiKey && (
              <AddressSearch
                apiKey={mapsApiKey}
                onPick={pickAddress}
                disabled={busy}
                className="md:col-span-2"
              />
            )}
            <TextField
              label="Street address (optional)"
              autoComplete="street-address"
              className="md:col-span-2"
              {...text('address')}
            />
            <TextField label="City" required autoComplete="address-level2" {...text('city')} />
            <TextField label="State" required autoComplete="address-level1" {...text('state')} />
            <TextField label="Zip code" required autoComplete="postal-code" {...text('zip_code')} />
            <TextField label="Country" required autoComplete="country-name" {...text('country')} />
          </FormSection>

          <OpeningHoursSection
            form={form}
            errors={errors}
            update={updateDetail}
            disabled={busy}
            timeZoneHint="Detected from your browser. Opening hours and daily sales use it."
          />
        </Card>

        <div className="flex flex-col gap-4">
          {message && <Alert type={message.type}>{message.text}</Alert>}
          <div className="flex flex-col-reverse gap-3 md:flex-row md:items-center md:justify-between">
            <p className="text-center text-sm text-stone-500 md:text-left">
              Next: add your menu items, then complete the setup.
            </p>
            <SubmitButton ready={ready} busy={busy} className="md:w-auto md:min-w-44">
              {creation.isPending ? 'Creating…' : 'Next'}
              {!busy && <ArrowRight className="size-4" aria-hidden />}
            </SubmitButton>
          </div>
        </div>
      </form>
    </>
  );
}
