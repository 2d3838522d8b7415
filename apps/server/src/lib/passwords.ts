import { hash, verify } from '@node-rs/argon2';

// Argon2id with OWASP's recommended minimum (19 MiB, 2 passes): ~30 ms on a small machine.
const options = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A real hash of a throwaway password, verified against when the email is unknown so that
 * "no such account" takes as long as "wrong password" (no account enumeration by timing).
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-for-constant-time-login');
  return decoyHash;
}
