import { Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { control } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { type AutocompleteOptions, loadGoogleMaps, onGoogleMapsAuthFailure } from '@/lib/google-maps';
import { type PickedAddress, placeToAddress } from '../lib/place-to-address';

/** Street addresses only, and only the fields the form fills (Google bills by field). */
export const ADDRESS_AUTOCOMPLETE_OPTIONS: AutocompleteOptions = {
  fields: ['address_components', 'geometry', 'formatted_address'],
  types: ['address'],
};

type AddressSearchProps = {
  apiKey: string;
  onPick: (address: PickedAddress) => void;
  disabled?: boolean;
  className?: string;
};

/**
 * Google Places autocomplete for the restaurant's address (docs/product/platform.md#maps, docs/product/restaurant-setup.md#restaurant).
 * A picked suggestion is handed to `onPick`; the plain fields stay the source of truth. When
 * Google cannot be loaded or refuses the key, the search steps aside and the owner types the
 * address by hand (the loader logs the failure once).
 */
export function AddressSearch({ apiKey, onPick, disabled, className }: AddressSearchProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [available, setAvailable] = useState(true);
  const pick = useEffectEvent((address: PickedAddress) => onPick(address));

  useEffect(() => {
    let cancelled = false;
    let detach: (() => void) | undefined;
    const stopListening = onGoogleMapsAuthFailure(() => setAvailable(false));
    loadGoogleMaps(apiKey).then(
      (maps) => {
        const input = inputRef.current;
        if (cancelled || !input) return;
        const autocomplete = new maps.places.Autocomplete(input, ADDRESS_AUTOCOMPLETE_OPTIONS);
        const listener = autocomplete.addListener('place_changed', () => {
          const address = placeToAddress(autocomplete.getPlace());
          if (address) pick(address);
        });
        detach = () => {
          listener.remove();
          maps.event?.clearInstanceListeners(autocomplete);
        };
      },
      () => {
        if (!cancelled) setAvailable(false);
      },
    );
    return () => {
      cancelled = true;
      stopListening();
      detach?.();
    };
  }, [apiKey]);

  if (!available) return null;

  // Enter picks the highlighted suggestion in Google's list; it must not submit the form too.
  const keepEnterInSearch = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.preventDefault();
  };

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-stone-700">
        Search address
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-stone-400"
          aria-hidden
        />
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          autoComplete="off"
          placeholder="Start typing the restaurant's street address"
          className={cn(control, 'pl-10')}
          aria-describedby={`${inputId}-hint`}
          disabled={disabled}
          onKeyDown={keepEnterInSearch}
        />
      </div>
      <p id={`${inputId}-hint`} className="text-sm text-stone-500">
        Pick a suggestion to fill in the fields below; you can still correct them.
      </p>
    </div>
  );
}
