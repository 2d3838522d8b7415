import { errors, jwtVerify, SignJWT } from 'jose';

/** Owners and diners get tokens for separate audiences, so one can never act as the other. */
export type Audience = 'owner' | 'customer';

export type JwtService = {
  sign(audience: Audience, subject: number, ttlSeconds: number): Promise<string>;
  /** The subject id, or undefined for a missing, forged, expired or wrong-audience token. */
  verify(audience: Audience, token: string): Promise<number | undefined>;
};

const ISSUER = 'tableserve';

export function createJwtService(secret: string, now: () => Date = () => new Date()): JwtService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(audience, subject, ttlSeconds) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setSubject(String(subject))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    async verify(audience, token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience,
          currentDate: now(),
        });
        const id = Number(payload.sub);
        return Number.isSafeInteger(id) && id > 0 ? id : undefined;
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
