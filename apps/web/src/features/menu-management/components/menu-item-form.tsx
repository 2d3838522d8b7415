import {
  ALLERGENS,
  allergenLabels,
  DIETARY_TAGS,
  dietaryTagLabels,
  MENU_CATEGORIES,
  type MenuItem,
  menuCategoryLabels,
  menuMessages,
  uploadMessages,
} from '@tableserve/contract/menu';
import { Pencil, Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { control, TextAreaField, TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useObjectUrl } from '@/hooks/use-object-url';
import { cn } from '@/lib/cn';
import { useSaveMenuItem } from '../api/save-menu-item';
import { ImageUploadError } from '../api/upload-image';
import { imageFileProblem } from '../lib/image-file';
import {
  emptyMenuItemForm,
  formValuesOf,
  ITEM_DESCRIPTION_MAX,
  ITEM_NAME_MAX,
  type MenuItemFormValues,
  menuItemFields,
  nextPriceInput,
  nextStockInput,
  type RequiredField,
  validateMenuItemForm,
} from '../lib/menu-item-form';
import { AvailabilitySwitch } from './availability-switch';
import { CharacterCount } from './character-count';
import { ImagePicker } from './image-picker';
import { OptionGroupsEditor } from './option-groups-editor';
import { TaxRateSelect } from './tax-rate-select';

type MenuItemFormProps = {
  restaurantId: number;
  token: string | null;
  /** The item being edited; null while adding a new one. */
  editing: MenuItem | null;
  onSaved: (kind: 'added' | 'updated') => void;
  onCancelEdit: () => void;
};

/**
 * Adds or edits one menu item (docs/product/menu.md#menu-management, docs/product/api-conventions.md#api-calls). The parent remounts
 * it (by key) to start over after a save or when another item is picked for editing.
 */
export function MenuItemForm({ restaurantId, token, editing, onSaved, onCancelEdit }: MenuItemFormProps) {
  const formId = useId();
  const [opened] = useState<MenuItemFormValues>(() => (editing ? formValuesOf(editing) : emptyMenuItemForm));
  const [values, setValues] = useState<MenuItemFormValues>(opened);
  const [touched, setTouched] = useState<Partial<Record<RequiredField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [storedImage, setStoredImage] = useState<string | null>(editing?.image ?? null);
  const filePreview = useObjectUrl(file);
  const save = useSaveMenuItem(restaurantId, token);

  const errors = validateMenuItemForm(values);
  const ready = Object.keys(errors).length === 0;
  const shownError = (field: RequiredField) => (submitted || touched[field] ? errors[field] : undefined);
  const touch = (field: RequiredField) => setTouched((current) => ({ ...current, [field]: true }));
  const set = <K extends keyof MenuItemFormValues>(field: K, value: MenuItemFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  function pickFile(picked: File) {
    const problem = imageFileProblem(picked);
    setFileError(problem);
    setFile(problem ? null : picked);
  }

  function removeImage() {
    setFile(null);
    setFileError(undefined);
    setStoredImage(null);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // One submission at a time (docs/product/menu.md#menu-management).
    if (save.isPending) return;
    setSubmitted(true);
    if (!ready) return;
    const kind = editing ? 'updated' : 'added';
    save.mutate(
      {
        menuId: editing?.menu_id,
        payload: menuItemFields(values, restaurantId, opened),
        image: storedImage,
        file: file ?? undefined,
      },
      {
        onSuccess: () => {
          toast.success(menuMessages[kind]);
          onSaved(kind);
        },
        onError: (error) =>
          toast.error(error instanceof ImageUploadError ? uploadMessages.failed : menuMessages.saveFailed),
      },
    );
  }

  const busy = save.isPending;
  const categoryError = shownError('category');
  const categoryId = `${formId}-category`;

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-labelledby={`${formId}-title`}
      className="flex flex-col gap-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${formId}-title`} className="text-lg font-semibold">
            {editing ? 'Edit menu item' : 'Add a menu item'}
          </h2>
          <p className="mt-0.5 text-sm text-stone-500">
            {editing
              ? `Changing “${editing.item_name}”. Save to update it on your menu.`
              : 'Fields marked with * are required.'}
          </p>
        </div>
        {editing && (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">
            <Pencil className="size-3.5" aria-hidden />
            Editing
          </span>
        )}
      </div>

      <fieldset
        disabled={busy}
        className="grid gap-5 md:grid-cols-[minmax(0,1fr)_16rem] lg:grid-cols-[minmax(0,1fr)_18rem]"
      >
        <div className="flex min-w-0 flex-col gap-5">
          <div className="relative">
            <TextField
              label="Item name *"
              name="item_name"
              autoComplete="off"
              placeholder="e.g. Margherita pizza"
              value={values.item_name}
              onChange={(event) => set('item_name', event.target.value)}
              onBlur={() => touch('item_name')}
              error={shownError('item_name')}
            />
            <CharacterCount length={values.item_name.length} max={ITEM_NAME_MAX} />
          </div>
          <div className="relative">
            <TextAreaField
              label="Description *"
              name="description"
              placeholder="Ingredients, portion, what makes it special"
              rows={4}
              className="[&_textarea]:min-h-28"
              value={values.description}
              onChange={(event) => set('description', event.target.value)}
              onBlur={() => touch('description')}
              error={shownError('description')}
            />
            <CharacterCount length={values.description.length} max={ITEM_DESCRIPTION_MAX} />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="relative">
              <TextField
                label="Price (USD) *"
                name="price"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                className="[&_input]:pl-8"
                value={values.price}
                onChange={(event) => set('price', nextPriceInput(values.price, event.target.value))}
                onBlur={() => touch('price')}
                error={shownError('price')}
              />
              <span
                aria-hidden
                className="pointer-events-none absolute top-[2.35rem] left-3.5 text-stone-500"
              >
                $
              </span>
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={categoryId} className="text-sm font-medium text-stone-700">
                Category *
              </label>
              <select
                id={categoryId}
                name="category"
                value={values.category}
                onChange={(event) => set('category', event.target.value as MenuItemFormValues['category'])}
                onBlur={() => touch('category')}
                aria-invalid={categoryError ? true : undefined}
                aria-describedby={categoryError ? `${categoryId}-error` : undefined}
                className={cn(
                  control,
                  'min-h-[2.875rem] appearance-auto pr-2',
                  !values.category && 'text-stone-400',
                )}
              >
                <option value="" disabled>
                  Choose a category
                </option>
                {MENU_CATEGORIES.map((category) => (
                  <option key={category} value={category} className="text-stone-900">
                    {menuCategoryLabels[category]}
                  </option>
                ))}
              </select>
              {categoryError && (
                <p id={`${categoryId}-error`} className="text-sm text-red-700">
                  {categoryError}
                </p>
              )}
            </div>
          </div>
          <TaxRateSelect
            restaurantId={restaurantId}
            token={token}
            value={values.tax_rate_id}
            onChange={(taxRateId) => set('tax_rate_id', taxRateId)}
            disabled={busy}
          />
        </div>

        <div className="flex min-w-0 flex-col gap-5">
          <ImagePicker
            previewUrl={filePreview ?? storedImage}
            error={fileError}
            disabled={busy}
            onPick={pickFile}
            onRemove={removeImage}
          />
          <AvailabilitySwitch checked={values.available} onChange={(checked) => set('available', checked)} />
          <TextField
            label="Portions left"
            name="stock"
            inputMode="numeric"
            autoComplete="off"
            placeholder="Not counted"
            hint="Leave empty if you don't count them. Orders take from it; at 0 the dish shows as sold out."
            value={values.stock}
            onChange={(event) => set('stock', nextStockInput(values.stock, event.target.value))}
            error={errors.stock}
          />
        </div>

        <div className="flex min-w-0 flex-col gap-5 border-t border-stone-100 pt-5 md:col-span-2">
          <CheckboxGroup
            legend="Allergens"
            hint="Tick every one of the 14 major allergens this dish contains. Diners see them on the menu and can hide dishes by allergen."
            options={ALLERGENS}
            labels={allergenLabels}
            selected={values.allergens}
            onChange={(allergens) => set('allergens', allergens)}
            gridClassName="grid-cols-2 sm:grid-cols-3 lg:grid-cols-4"
          />
          <CheckboxGroup
            legend="Dietary"
            options={DIETARY_TAGS}
            labels={dietaryTagLabels}
            selected={values.dietary_tags}
            onChange={(tags) => set('dietary_tags', tags)}
            error={errors.dietary_tags}
            gridClassName="grid-cols-2 sm:grid-cols-4"
          />
        </div>

        <div className="min-w-0 border-t border-stone-100 pt-5 md:col-span-2">
          <OptionGroupsEditor
            groups={values.option_groups}
            errors={errors.option_groups}
            showAll={submitted}
            disabled={busy}
            onChange={(groups) => set('option_groups', groups)}
          />
        </div>
      </fieldset>

      <div className="flex flex-col-reverse gap-3 border-t border-stone-100 pt-5 sm:flex-row sm:items-center sm:justify-end">
        {editing && (
          <Button variant="ghost" size="lg" onClick={onCancelEdit} disabled={busy}>
            Cancel edit
          </Button>
        )}
        <SubmitButton ready={ready} busy={busy} className="sm:w-auto sm:min-w-48">
          {!busy &&
            (editing ? <Pencil className="size-4" aria-hidden /> : <Plus className="size-4" aria-hidden />)}
          {busy ? 'Saving…' : editing ? 'Update item' : 'Add item'}
        </SubmitButton>
      </div>
    </form>
  );
}
