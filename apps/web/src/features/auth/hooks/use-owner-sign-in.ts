import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { OwnerCredentials } from '../api/login';

/**
 * Signing in's code: the login and status calls with the schemas that read their answers (zod,
 * ~24 KiB compressed). Not part of the login page's first load (docs/performance.md): fetched when
 * the owner starts on the form (`prepareOwnerSignIn`), or at the latest when they submit it.
 */
const loadSignIn = () => import('../lib/sign-in-owner');

/** Starts fetching the code that signs in; a failed load here is tried again by the submit, which shows its error. */
export const prepareOwnerSignIn = () => void loadSignIn().catch(() => undefined);

export function useOwnerSignIn() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (credentials: OwnerCredentials) => (await loadSignIn()).signInOwner(credentials),
    onSuccess: (destination) => navigate(destination),
  });
}
