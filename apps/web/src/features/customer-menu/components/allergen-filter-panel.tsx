import { ALLERGENS, type Allergen, allergenLabels } from '@tableserve/contract/allergens';
import type { MenuItem } from '@tableserve/contract/menu';
import { Button } from '@/components/ui/button';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { Modal } from '@/components/ui/modal';
import { allergenFilterTexts as text, withoutAllergens } from '../lib/allergen-filter';

type AllergenFilterPanelProps = {
  open: boolean;
  onClose: () => void;
  menu: readonly MenuItem[];
  avoided: readonly Allergen[];
  onChange: (avoided: Allergen[]) => void;
};

/** The 14 allergens as checkboxes; each tick applies at once, the menu behind follows. */
export function AllergenFilterPanel({ open, onClose, menu, avoided, onChange }: AllergenFilterPanelProps) {
  const { shown } = withoutAllergens(menu, avoided);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={text.title}
      className="max-w-xl"
      footer={
        <div className="flex w-full items-center justify-between gap-3">
          <Button variant="ghost" onClick={() => onChange([])} disabled={avoided.length === 0}>
            {text.clear}
          </Button>
          <Button onClick={onClose}>{text.done(shown.length)}</Button>
        </div>
      }
    >
      <p className="text-sm leading-relaxed text-stone-600">{text.lead}</p>
      <CheckboxGroup
        legend={<span className="sr-only">Allergens to avoid</span>}
        options={ALLERGENS}
        labels={allergenLabels}
        selected={avoided}
        onChange={onChange}
        gridClassName="grid-cols-2"
        className="mt-3"
      />
      <p className="mt-4 text-xs leading-relaxed text-stone-500">{text.caution}</p>
    </Modal>
  );
}
