import { MAX_TABLES } from '@tableserve/contract/restaurant';
import { Clock3, Store } from 'lucide-react';
import { TextAreaField, TextField } from '@/components/ui/field';
import { FormSection } from '@/components/ui/form-section';
import type { FieldErrors } from '@/lib/field-errors';
import type { RestaurantDetailsForm } from '../lib/restaurant-form';
import { OpeningHoursEditor } from './opening-hours-editor';
import { TimeZoneField } from './time-zone-field';

export type UpdateDetail = <K extends keyof RestaurantDetailsForm>(
  field: K,
  value: RestaurantDetailsForm[K],
) => void;

type DetailsProps = {
  form: RestaurantDetailsForm;
  errors: FieldErrors;
  update: UpdateDetail;
  disabled?: boolean;
};

/** Name, type, tables and description: editable at creation and afterwards (docs/product/restaurant-setup.md#restaurant). */
export function RestaurantBasicsSection({ form, errors, update, disabled }: DetailsProps) {
  return (
    <FormSection icon={Store} title="Restaurant">
      <TextField
        label="Restaurant name"
        name="restaurant_name"
        required
        autoComplete="organization"
        value={form.restaurant_name}
        error={errors.restaurant_name}
        disabled={disabled}
        onChange={(event) => update('restaurant_name', event.target.value)}
      />
      <TextField
        label="Restaurant type"
        name="restaurant_type"
        required
        placeholder="e.g. Italian, Café, Bistro"
        value={form.restaurant_type}
        error={errors.restaurant_type}
        disabled={disabled}
        onChange={(event) => update('restaurant_type', event.target.value)}
      />
      <TextField
        label="Number of tables"
        name="number_of_tables"
        type="number"
        required
        min={0}
        max={MAX_TABLES}
        step={1}
        inputMode="numeric"
        value={form.number_of_tables}
        error={errors.number_of_tables}
        hint="Whole number, 0 if you only take pickup orders"
        disabled={disabled}
        onChange={(event) => update('number_of_tables', event.target.value)}
      />
      <TextAreaField
        label="Description (optional)"
        name="description"
        rows={3}
        className="md:col-span-2"
        placeholder="What diners should know: cuisine, specialities, atmosphere"
        value={form.description}
        error={errors.description}
        disabled={disabled}
        onChange={(event) => update('description', event.target.value)}
      />
    </FormSection>
  );
}

/** Opening hours for all seven days and the restaurant's time zone. */
export function OpeningHoursSection({
  form,
  errors,
  update,
  disabled,
  timeZoneHint,
}: DetailsProps & { timeZoneHint: string }) {
  return (
    <FormSection icon={Clock3} title="Opening hours" columns={1}>
      <OpeningHoursEditor
        value={form.opening_hours}
        errors={errors}
        disabled={disabled}
        onChange={(next) => update('opening_hours', next)}
      />
      <div className="grid gap-4 border-t border-stone-100 pt-5 md:grid-cols-2 md:gap-x-5">
        <TimeZoneField
          value={form.timezone}
          error={errors.timezone}
          hint={timeZoneHint}
          disabled={disabled}
          onChange={(value) => update('timezone', value)}
        />
      </div>
    </FormSection>
  );
}
