import { decodeJwt, errors, jwtVerify, SignJWT } from 'jose';

/**
 * Owners, diners, staff and paired devices get tokens for separate audiences, so one can never
 * act as another: a staff token is never an owner's, whatever its subject.
 */
export const AUDIENCES = ['owner', 'customer', 'staff', 'device'] as const;
export type Audience = (typeof AUDIENCES)[number];

export type TokenClaims = { subject: number; version: number };

export type JwtService = {
  /** `version` is the account's token version: raising it later revokes this token. */
  sign(audience: Audience, subject: number, ttlSeconds: number, version: number): Promise<string>;
  /** The claims, or undefined for a missing, forged, expired or wrong-audience token. */
  verify(audience: Audience, token: string): Promise<TokenClaims | undefined>;
  /**
   * claimedAudience, answered from memory for a token already verified (the same string, for
   * the audience it claims): decoding it again cost ~4 µs a request.
   */
  claimedAudience(token: string): Audience | undefined;
};

/**
 * The audience a token claims, unverified: only to pick which check to run (a diner's token is
 * then not first tried, and refused, as an owner's). Every decision still rests on `verify`.
 */
export function claimedAudience(token: string): Audience | undefined {
  try {
    const { aud } = decodeJwt(token);
    return AUDIENCES.find((audience) => audience === aud);
  } catch {
    return undefined;
  }
}

const ISSUER = 'tableserve';
/** Tokens remembered as verified: a night's diners and staff devices, about 3 MB at most. */
const MAX_REMEMBERED = 10_000;

type Remembered = { audience: Audience; claims: TokenClaims; expiresAt: number };

export function createJwtService(secret: string, now: () => Date = () => new Date()): JwtService {
  // Imported once: handing jose the raw bytes made it import the key again on every request.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // The same token comes back on every call of a session: its signature is checked once (WebCrypto's
  // HMAC was ~9 % of a kitchen call's CPU). Only the very string verified is trusted, for the
  // audience it was verified for, until its own expiry by the app's clock; the version is still
  // compared by the caller on every request (session-tokens.ts).
  const verified = new Map<string, Remembered>();
  const unexpired = (token: string) => {
    const entry = verified.get(token);
    if (!entry) return undefined;
    if (entry.expiresAt <= Math.floor(now().getTime() / 1000)) {
      verified.delete(token);
      return undefined;
    }
    return entry;
  };
  const remembered = (audience: Audience, token: string) => {
    const entry = unexpired(token);
    return entry?.audience === audience ? entry.claims : undefined;
  };
  const remember = (token: string, entry: Remembered) => {
    // Oldest first out: a Map iterates in insertion order.
    if (verified.size >= MAX_REMEMBERED) verified.delete(verified.keys().next().value!);
    verified.set(token, entry);
  };
  return {
    claimedAudience: (token) => unexpired(token)?.audience ?? claimedAudience(token),
    async sign(audience, subject, ttlSeconds, version) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setSubject(String(subject))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(await key);
    },
    async verify(audience, token) {
      const known = remembered(audience, token);
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience,
          currentDate: now(),
        });
        const id = Number(payload.sub);
        // Tokens from before versions existed carry none: they are version 0.
        const version = payload.ver ?? 0;
        if (!Number.isSafeInteger(id) || id <= 0 || !Number.isSafeInteger(version)) return undefined;
        const claims = { subject: id, version: version as number };
        if (payload.exp !== undefined) remember(token, { audience, claims, expiresAt: payload.exp });
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
