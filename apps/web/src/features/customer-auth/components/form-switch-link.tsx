import type { ReactNode } from 'react';

/** A line under a form that leads to another one ("New here? Create an account"). */
export function FormSwitchLink({
  prompt,
  action,
  onClick,
}: {
  prompt: ReactNode;
  action: string;
  onClick: () => void;
}) {
  return (
    <p className="text-center text-sm text-stone-600">
      {prompt}{' '}
      <button
        type="button"
        onClick={onClick}
        className="inline-flex min-h-11 items-center rounded-md px-1 font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
      >
        {action}
      </button>
    </p>
  );
}
