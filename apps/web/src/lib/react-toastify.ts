/**
 * What `import … from 'react-toastify'` resolves to in this app (the alias in vite.config.ts).
 * The library's unstyled build, whose stylesheet comes with the toast container (app/toasts.tsx)
 * instead of being injected a second time from the script; and, once it loads, the signal that
 * toasts can now be raised, so the container loads with the first page that can raise one.
 */
import { markToastsWanted } from './toasts-wanted';

export * from 'react-toastify/unstyled';

markToastsWanted();
