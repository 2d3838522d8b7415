import { orderMessages } from '@tableserve/contract/order';
import { MapPin, MapPinCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { LocationStatus } from '../hooks/use-customer-location';

type PickupLocationProps = { status: LocationStatus; onLocate: () => void };

/** Pickup orders carry the diner's location (docs/product/ordering.md#checkout); this says where that stands. */
export function PickupLocation({ status, onLocate }: PickupLocationProps) {
  if (status === 'ready') {
    return (
      <p
        role="status"
        className="flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
      >
        <MapPinCheck className="size-5 shrink-0" aria-hidden />
        Your location is shared with the restaurant for this pickup.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-stone-50 px-4 py-3.5 sm:flex-row sm:items-center">
      <div className="flex flex-1 items-start gap-3 text-sm text-stone-700">
        <MapPin className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
        <div role="status">
          {status === 'locating' ? (
            <span className="inline-flex items-center gap-2">
              <Spinner className="size-4 text-brand-600" decorative />
              Getting your location…
            </span>
          ) : (
            <>
              <p>Pickup orders need your location, so the restaurant knows you are on your way.</p>
              {status === 'failed' && (
                <p className="mt-1 font-medium text-red-700">{orderMessages.locationFailed}</p>
              )}
            </>
          )}
        </div>
      </div>
      {status !== 'locating' && (
        <Button variant="secondary" onClick={onLocate} className="shrink-0">
          Share location
        </Button>
      )}
    </div>
  );
}
