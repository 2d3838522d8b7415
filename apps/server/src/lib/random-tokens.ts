import { createHash, randomBytes } from 'node:crypto';

/** A URL-safe random token of `bytes` bytes of entropy (default 32 = 256 bits). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** The stored form of an emailed token: its SHA-256, hex. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
