import type { FormEvent } from 'react';
import { useSingleFlight } from '@/hooks/use-single-flight';
import { useNotices } from '@/session/diner/notify';
import type { FormCheck } from '../lib/customer-forms';

type CheckedSubmit<Value, Result, Field extends string> = {
  /** Checks the form before anything is sent (see lib/customer-forms). */
  check: () => FormCheck<Value, Field>;
  send: (value: Value) => Promise<Result>;
  /** The success notification for what the server answered; shown before `onSent` runs. */
  successNotice: (result: Result) => string;
  successMs?: number;
  onSent?: (result: Result) => void;
  failureMessage: (error: unknown) => string;
  /** Where field errors go: the form's checks, and (with `serverFieldErrors`) the server's. */
  setErrors: (errors: Partial<Record<Field, string>>) => void;
  /** A refused request's field errors also go under their fields (signup and guest login). */
  serverFieldErrors?: (error: unknown) => Partial<Record<Field, string>>;
};

/**
 * The submit of a diner's form: one request at a time (a double tap is ignored), earlier error
 * notices cleared, the form checked before sending, then a success or failure notification.
 */
export function useCheckedSubmit<Value, Result, Field extends string>(
  steps: CheckedSubmit<Value, Result, Field>,
) {
  const { busy, run } = useSingleFlight();
  const notices = useNotices();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      notices.clear();
      const check = steps.check();
      if (check.kind === 'fields') return steps.setErrors(check.fieldErrors);
      if (check.kind === 'message') return notices.error(check.message);
      try {
        const result = await steps.send(check.value);
        notices.success(steps.successNotice(result), steps.successMs);
        steps.onSent?.(result);
      } catch (error) {
        if (steps.serverFieldErrors) steps.setErrors(steps.serverFieldErrors(error));
        notices.error(steps.failureMessage(error));
      }
    });
  }

  return { busy, submit };
}
