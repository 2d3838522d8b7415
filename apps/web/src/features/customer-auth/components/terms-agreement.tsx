import { ChevronDown, ScrollText } from 'lucide-react';
import { useId, useState } from 'react';
import { termsSections } from '@/components/legal/terms-content';
import { cn } from '@/lib/cn';

type TermsAgreementProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
};

/**
 * The Terms and Conditions expander of the signup and guest forms (docs/product/accounts.md#diner-accounts Customer
 * details) with the agreement checkbox. The text is the site's own terms page, so diners read
 * exactly what /terms-and-conditions says.
 */
export function TermsAgreement({ checked, onChange }: TermsAgreementProps) {
  const [open, setOpen] = useState(false);
  const regionId = useId();

  return (
    <div className="rounded-xl border border-stone-200 bg-stone-50/70">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((shown) => !shown)}
        className="flex min-h-11 w-full items-center gap-2.5 rounded-xl px-3.5 text-left text-sm font-semibold text-stone-800 hover:bg-stone-100"
      >
        <ScrollText className="size-4 shrink-0 text-brand-600" aria-hidden />
        <span className="flex-1">Terms and Conditions</span>
        <ChevronDown
          className={cn('size-4 shrink-0 text-stone-500 transition-transform', open && 'rotate-180')}
          aria-hidden
        />
      </button>
      <section
        id={regionId}
        aria-label="Terms and Conditions"
        hidden={!open}
        className="max-h-64 overflow-y-auto border-t border-stone-200 bg-white px-4 py-3"
      >
        <ol className="flex flex-col gap-4">
          {termsSections.map((section, index) => (
            <li key={section.id}>
              <h3 className="text-sm font-semibold">
                {index + 1}. {section.title}
              </h3>
              <div className="mt-1 space-y-2 text-sm leading-6 text-stone-700">{section.body}</div>
            </li>
          ))}
        </ol>
      </section>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 border-t border-stone-200 px-3.5 py-2 text-sm text-stone-700">
        <input
          type="checkbox"
          name="terms"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          className="size-5 shrink-0 cursor-pointer rounded accent-brand-600"
        />
        I agree to the Terms and Conditions
      </label>
    </div>
  );
}
