import { cn } from '@/lib/cn';

/** One radio choice as a card: its label and a line saying what it means. */
export function ChoiceCard({
  name,
  label,
  help,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  help: string;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer gap-3 rounded-xl border bg-white p-4 transition has-focus-visible:ring-4 has-focus-visible:ring-brand-100',
        checked ? 'border-brand-500 bg-brand-50/50 shadow-xs' : 'border-stone-200 hover:border-stone-300',
      )}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
        className="mt-0.5 size-4 shrink-0 accent-brand-600"
      />
      <span className="flex flex-col gap-1">
        <span className="text-sm font-semibold text-stone-900">{label}</span>
        <span className="text-sm leading-5 text-stone-600">{help}</span>
      </span>
    </label>
  );
}
