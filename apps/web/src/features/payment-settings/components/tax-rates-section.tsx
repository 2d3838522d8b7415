import {
  MAX_TAX_RATES,
  type TaxRate,
  paymentSettingsScreen as text,
} from '@tableserve/contract/payment-settings';
import { Pencil, Plus, Scale, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { type FieldErrors, fieldErrorsFromServer, withoutFieldError } from '@/lib/field-errors';
import type { OwnerSession } from '@/session/owner/owner-session';
import { usePaymentSettingsChange } from '../api/payment-settings-api';
import { emptyRateForm, messageOf, type RateForm, rateBodyOf, rateFormFrom } from '../lib/settings-form';

type Props = { session: OwnerSession; restaurantId: number; rates: TaxRate[] };
/** What the card shows under its list: nothing, the add form, or one rate's edit form. */
type Editing = null | 'new' | number;

/** The restaurant's tax rates: list, add, edit, delete (with confirmation), the default first. */
export function TaxRatesSection({ session, restaurantId, rates }: Props) {
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TaxRate | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const change = usePaymentSettingsChange(session.token, restaurantId);
  const full = rates.length >= MAX_TAX_RATES;

  const open = (next: Editing) => {
    setEditing(next);
    setDone(null);
  };

  function remove(rate: TaxRate) {
    change.mutate(
      { kind: 'delete-rate', id: rate.tax_rate_id },
      {
        onSuccess: (response) => {
          setDeleting(null);
          setDone(response.message);
        },
      },
    );
  }

  return (
    <Card className="flex flex-col gap-4 p-5 md:p-6">
      <div className="flex items-start gap-2.5">
        <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
          <Scale className="size-4" aria-hidden />
        </span>
        <div>
          <h2 className="text-base font-semibold">{text.taxHeading}</h2>
          <p className="mt-1 text-sm leading-6 text-stone-600">{text.taxIntro}</p>
        </div>
      </div>

      {rates.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 px-4 py-5 text-center text-sm text-stone-600">
          {text.noTaxRates}
        </p>
      ) : (
        <ul
          className="divide-y divide-stone-100 rounded-xl border border-stone-200"
          aria-label={text.taxHeading}
        >
          {rates.map((rate) =>
            editing === rate.tax_rate_id ? (
              <li key={rate.tax_rate_id} className="p-4">
                <RateEditor
                  session={session}
                  restaurantId={restaurantId}
                  rate={rate}
                  onDone={(message) => {
                    setEditing(null);
                    setDone(message);
                  }}
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : (
              <li key={rate.tax_rate_id} className="flex items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span className="truncate">{rate.name}</span>
                    {rate.is_default && (
                      <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                        {text.defaultBadge}
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-stone-600 tabular-nums">
                    {text.ratePercentShown(rate.rate_percent)}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={text.edit(rate.name)}
                  onClick={() => open(rate.tax_rate_id)}
                >
                  <Pencil className="size-4" aria-hidden />
                  <span className="hidden sm:inline">{text.editLabel}</span>
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={text.delete(rate.name)}
                  onClick={() => setDeleting(rate)}
                >
                  <Trash2 className="size-4" aria-hidden />
                  <span className="hidden sm:inline">{text.deleteLabel}</span>
                </Button>
              </li>
            ),
          )}
        </ul>
      )}

      {done && <Alert type="success">{done}</Alert>}

      {editing === 'new' ? (
        <RateEditor
          session={session}
          restaurantId={restaurantId}
          onDone={(message) => {
            setEditing(null);
            setDone(message);
          }}
          onCancel={() => setEditing(null)}
        />
      ) : full ? (
        <p className="text-sm text-stone-600">{text.limitReached}</p>
      ) : (
        <Button variant="secondary" onClick={() => open('new')} className="self-start">
          <Plus className="size-4" aria-hidden />
          {text.addRate}
        </Button>
      )}

      <Modal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={text.deleteTitle}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {text.cancel}
            </Button>
            <Button variant="danger" busy={change.isPending} onClick={() => deleting && remove(deleting)}>
              {text.deleteConfirm}
            </Button>
          </>
        }
      >
        <p className="text-sm leading-6 text-stone-700">{deleting && text.confirmDelete(deleting.name)}</p>
        {change.isError && (
          <Alert type="error" className="mt-3">
            {messageOf(change.error)}
          </Alert>
        )}
      </Modal>
    </Card>
  );
}

type EditorProps = {
  session: OwnerSession;
  restaurantId: number;
  /** The rate edited; none to add one. */
  rate?: TaxRate;
  onDone: (message: string) => void;
  onCancel: () => void;
};

function RateEditor({ session, restaurantId, rate, onDone, onCancel }: EditorProps) {
  const [form, setForm] = useState<RateForm>(() => (rate ? rateFormFrom(rate) : emptyRateForm));
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = usePaymentSettingsChange(session.token, restaurantId);

  const set = <K extends keyof RateForm>(field: K, value: RateForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutFieldError(current, field));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = rateBodyOf(form);
    if (parsed.errors) return setErrors(parsed.errors);
    change.mutate(
      rate
        ? { kind: 'edit-rate', id: rate.tax_rate_id, body: parsed.body }
        : { kind: 'add-rate', body: parsed.body },
      {
        onSuccess: (response) => onDone(response.message),
        onError: (error) => setErrors(fieldErrorsFromServer(error)),
      },
    );
  }

  const failed = change.isError && Object.keys(fieldErrorsFromServer(change.error)).length === 0;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={rate ? text.edit(rate.name) : text.addRate}
      className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-stone-50/60 p-4"
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
        <TextField
          label={text.rateName}
          value={form.name}
          onChange={(event) => set('name', event.target.value)}
          error={errors.name}
          maxLength={50}
          placeholder="Food"
        />
        <TextField
          label={text.ratePercent}
          inputMode="decimal"
          value={form.rate_percent}
          onChange={(event) => set('rate_percent', event.target.value)}
          error={errors.rate_percent}
          maxLength={7}
          placeholder="8.875"
        />
      </div>
      <label className="flex items-center gap-2.5 text-sm text-stone-700">
        <input
          type="checkbox"
          checked={form.is_default}
          onChange={(event) => set('is_default', event.target.checked)}
          className="size-4 accent-brand-600"
        />
        {text.rateDefault}
      </label>
      {failed && <Alert type="error">{messageOf(change.error)}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {text.cancel}
        </Button>
        <Button type="submit" busy={change.isPending}>
          {text.saveRate}
        </Button>
      </div>
    </form>
  );
}
