import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToastsWanted, toastsWanted } from '@/lib/toasts-wanted';

const Toasts = lazy(() => import('./toasts'));
// A page painted by the server has no toast container in its HTML.
const toastsNotWanted = () => false;

/**
 * The toast container, loaded with the first page that can raise a toast (lib/toasts-wanted.ts):
 * the diner's menu raises none and so does not download it (docs/performance.md).
 */
export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeToastsWanted, toastsWanted, toastsNotWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
