import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { control } from '@/components/ui/field';
import { cn } from '@/lib/cn';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Content on the label's line, right-aligned (for example a "Forgot password?" link). */
  labelAside?: ReactNode;
};

/**
 * A labelled password input with a show/hide toggle. It mirrors TextField's look; TextField
 * has no slot for a button inside the input, hence its own markup.
 */
export function PasswordField({ label, hint, error, labelAside, id, ...rest }: PasswordFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const [visible, setVisible] = useState(false);
  const describedBy = error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined;

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={fieldId} className="text-sm font-medium text-stone-700">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative">
        <input
          id={fieldId}
          type={visible ? 'text' : 'password'}
          className={cn(control, 'pr-12')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoCapitalize="none"
          spellCheck={false}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          aria-controls={fieldId}
          className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-xl text-stone-500 transition-colors hover:text-stone-800 focus-visible:outline-offset-[-4px]"
        >
          {visible ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
        </button>
      </div>
      {error ? (
        <p id={`${fieldId}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${fieldId}-hint`} className="text-sm text-stone-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
