import { useEffect, useMemo, useRef } from 'react';
import { type Id, toast } from 'react-toastify';

/** docs/product/web-app.md#notifications: a notification hides itself after 9 s. */
export const NOTIFICATION_MS = 9000;
/** docs/product/accounts.md#owner-session: the diner's "Login successful" hides sooner, after 2 s. */
export const LOGIN_SUCCESS_MS = 2000;

/** `toastId` keeps one copy of a message that several places may raise at once. */
export function notifyError(text: string, toastId?: string): Id {
  return toast.error(text, { toastId, autoClose: NOTIFICATION_MS });
}

export function notifySuccess(text: string, autoClose = NOTIFICATION_MS): Id {
  return toast.success(text, { autoClose });
}

/**
 * The notifications of one form. Its errors go once they no longer apply: when the form is
 * submitted again or closed. Successes stay their full time, since the form that earned them
 * usually closes at once.
 */
export function useNotices() {
  const errors = useRef(new Set<Id>());
  const notices = useMemo(
    () => ({
      clear() {
        for (const id of errors.current) toast.dismiss(id);
        errors.current.clear();
      },
      error(text: string) {
        errors.current.add(notifyError(text));
      },
      success(text: string, autoClose?: number) {
        notifySuccess(text, autoClose);
      },
    }),
    [],
  );
  useEffect(() => notices.clear, [notices]);
  return notices;
}
