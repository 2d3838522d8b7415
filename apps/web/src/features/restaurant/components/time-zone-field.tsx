import { useId, useMemo } from 'react';
import { TextField } from '@/components/ui/field';
import { knownTimeZones } from '../lib/browser-time-zone';

/** The restaurant's IANA time zone, typed or picked from the browser's list (docs/product/business-day.md#business-day). */
export function TimeZoneField({
  value,
  error,
  hint,
  disabled,
  onChange,
}: {
  value: string;
  error?: string;
  hint: string;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  const listId = useId();
  const zones = useMemo(knownTimeZones, []);
  return (
    <>
      <TextField
        label="Time zone"
        name="timezone"
        required
        list={listId}
        autoComplete="off"
        spellCheck={false}
        value={value}
        error={error}
        hint={hint}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={listId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}
