import type { Restaurant, RestaurantPublic } from '@tableserve/contract/restaurant';
import { restaurantMessages } from '@tableserve/contract/restaurant';
import { MapPin, RotateCcw, Save } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormSection } from '@/components/ui/form-section';
import { PageHeader } from '@/components/ui/page-header';
import { ReadOnlyField } from '@/components/ui/read-only-field';
import { LoadingScreen } from '@/components/ui/spinner';
import { dashboardPaths } from '@/config/paths';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { ApiRequestError } from '@/lib/api-client';
import { type FieldErrors, fieldErrorsFromServer, withoutFieldError } from '@/lib/field-errors';
import { OwnerOnly } from '@/session/owner/owner-only';
import { useOwnerRestaurant } from '@/session/owner/owner-restaurant';
import { isRefusedToken, type OwnerSession, readRestaurantId } from '@/session/owner/owner-session';
import { isRefusedLoad, RefusedLoad } from '@/session/owner/require-access';
import { useUpdateRestaurant } from '../api/update-restaurant';
import {
  contactFrom,
  detailsFormFrom,
  type RestaurantDetailsForm,
  validateDetailsForm,
} from '../lib/restaurant-form';
import { OpeningHoursSection, RestaurantBasicsSection } from './restaurant-details-fields';

/** docs/product/restaurant-setup.md#edit-restaurant: the success banner disappears after 3 seconds. */
export const UPDATED_BANNER_MS = 3000;

/** Edit Restaurant (docs/product/restaurant-setup.md#restaurant, docs/product/restaurant-setup.md#edit-restaurant). */
export function EditRestaurantPage() {
  const [restaurantId] = useState(readRestaurantId);
  if (restaurantId === null) return <Navigate to={dashboardPaths.createRestaurant} replace />;
  return (
    <OwnerOnly>
      {(session) => <LoadedRestaurant restaurantId={String(restaurantId)} session={session} />}
    </OwnerOnly>
  );
}

function LoadedRestaurant({ restaurantId, session }: { restaurantId: string; session: OwnerSession }) {
  const restaurant = useOwnerRestaurant(restaurantId, session);

  useEffect(() => {
    // docs/product/restaurant-setup.md#restaurant: a failed restaurant fetch is only logged.
    if (restaurant.error && !isRefusedToken(restaurant.error)) {
      console.error('Could not load the restaurant', restaurant.error);
    }
  }, [restaurant.error]);

  if (restaurant.isPending) return <LoadingScreen label="Loading your restaurant" />;
  if (restaurant.isError) {
    if (isRefusedLoad(restaurant.error)) return <RefusedLoad error={restaurant.error} />;
    return (
      <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
        <h1 className="text-xl font-semibold">Edit Restaurant</h1>
        <p className="max-w-md text-sm text-stone-600">
          Your restaurant's details aren't available right now.
        </p>
        <Button variant="secondary" onClick={() => void restaurant.refetch()} busy={restaurant.isFetching}>
          <RotateCcw className="size-4" aria-hidden />
          Try again
        </Button>
      </Card>
    );
  }
  return <EditRestaurantForm restaurantId={restaurantId} session={session} restaurant={restaurant.data} />;
}

type EditFormProps = {
  restaurantId: string;
  session: OwnerSession;
  restaurant: Restaurant | RestaurantPublic;
};

function EditRestaurantForm({ restaurantId, session, restaurant }: EditFormProps) {
  const [form, setForm] = useState<RestaurantDetailsForm>(() => detailsFormFrom(restaurant));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { message, show, clear } = useTimedMessage();
  const update = useUpdateRestaurant(restaurantId, session);
  const contact = contactFrom(restaurant);

  function change<K extends keyof RestaurantDetailsForm>(field: K, value: RestaurantDetailsForm[K]) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutFieldError(current, field));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const validation = validateDetailsForm(form);
    if (!validation.ok) {
      setErrors(validation.errors);
      return;
    }
    clear();
    update.mutate(validation.body, {
      onSuccess: (result) => {
        if (result.data) setForm(detailsFormFrom(result.data));
        show({ type: 'success', text: result.message || restaurantMessages.updated }, UPDATED_BANNER_MS);
      },
      onError: (error) => {
        setErrors(fieldErrorsFromServer(error));
        const text =
          (error instanceof ApiRequestError && error.serverMessage) || restaurantMessages.updateFailed;
        show({ type: 'error', text });
      },
    });
  }

  return (
    <>
      <PageHeader
        eyebrow="Your restaurant"
        title="Edit Restaurant"
        description="Update how diners see your restaurant and when it takes orders."
      />
      <form onSubmit={submit} noValidate aria-label="Edit restaurant" className="flex flex-col gap-6">
        <Card>
          <RestaurantBasicsSection form={form} errors={errors} update={change} disabled={update.isPending} />
          <OpeningHoursSection
            form={form}
            errors={errors}
            update={change}
            disabled={update.isPending}
            timeZoneHint="Opening hours and daily sales use this time zone."
          />
          <FormSection
            icon={MapPin}
            title="Contact and address"
            description="Set when the restaurant was created; they can't be changed here."
          >
            <ReadOnlyField label="Email" value={contact.email} />
            <ReadOnlyField label="Phone" value={contact.phone} />
            <ReadOnlyField label="Street address" value={contact.address} className="md:col-span-2" />
            <ReadOnlyField label="City" value={contact.city} />
            <ReadOnlyField label="State" value={contact.state} />
            <ReadOnlyField label="Zip code" value={contact.zip_code} />
            <ReadOnlyField label="Country" value={contact.country} />
          </FormSection>
        </Card>

        <div className="sticky bottom-0 z-10 -mx-5 flex flex-col gap-3 border-t border-stone-200 bg-stone-50/95 px-5 py-4 backdrop-blur md:static md:mx-0 md:border-0 md:bg-transparent md:p-0 md:backdrop-blur-none">
          {message && <Alert type={message.type}>{message.text}</Alert>}
          <div className="flex md:justify-end">
            <Button type="submit" size="lg" busy={update.isPending} className="w-full md:w-auto md:min-w-44">
              {!update.isPending && <Save className="size-4" aria-hidden />}
              {update.isPending ? 'Saving…' : 'Save Changes'}
            </Button>
          </div>
        </div>
      </form>
    </>
  );
}
