import { Stepper } from '@/components/ui/stepper';

type NumberStepperProps = {
  /** The visible label, also the stepper's accessible name. */
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** A count someone else fixed (a line already split): shown, not changed. */
  fixed?: boolean;
};

/** A labelled count of the bill page (ways to split, parts paid, diners sharing a line). */
export function NumberStepper({ label, value, min, max, onChange, fixed }: NumberStepperProps) {
  return (
    <div className="flex items-center justify-between gap-3">
      <span className="text-sm font-medium text-stone-700" aria-hidden>
        {label}
      </span>
      <Stepper
        label={label}
        value={value}
        onChange={onChange}
        min={min}
        max={max}
        fewerLabel={`${label}: fewer`}
        moreLabel={`${label}: more`}
        disabled={fixed}
        tone="light"
      />
    </div>
  );
}
