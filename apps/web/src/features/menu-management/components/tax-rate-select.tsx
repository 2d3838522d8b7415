import { paymentSettingsScreen as text } from '@tableserve/contract/payment-settings';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { control } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { usePaymentSettings } from '@/lib/payment-settings';
import { menuItemsQueryOptions } from '../api/menu-items';

/**
 * The dish's tax rate (docs/decisions/020-money-model.md): the default, or one of the
 * restaurant's rates. Shown only once the restaurant has rates, and to whoever may read them.
 */
export function TaxRateSelect({
  restaurantId,
  token,
  value,
  onChange,
  disabled,
}: {
  restaurantId: number;
  token: string | null;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  // The page's list first: the rates are asked for once it is in (read from the cache, never fetched here).
  const items = useQuery({ ...menuItemsQueryOptions(restaurantId, token), enabled: false });
  const settings = usePaymentSettings(restaurantId, token ?? '', token !== null && items.isSuccess);
  const rates = settings.data?.tax_rates ?? [];
  if (rates.length === 0) return null;
  const defaultRate = rates.find((rate) => rate.is_default);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-700">
        {text.itemTaxRate}
      </label>
      <select
        id={id}
        name="tax_rate_id"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className={cn(control, 'min-h-[2.875rem] appearance-auto pr-2')}
      >
        <option value="">
          {text.itemDefaultRate(
            defaultRate ? { name: defaultRate.name, percent: defaultRate.rate_percent } : null,
          )}
        </option>
        {rates.map((rate) => (
          <option key={rate.tax_rate_id} value={String(rate.tax_rate_id)}>
            {`${rate.name} (${text.ratePercentShown(rate.rate_percent)})`}
          </option>
        ))}
      </select>
    </div>
  );
}
