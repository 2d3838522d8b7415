import { base64url, decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { testClock } from '../test/test-app';
import { createJwtService } from './jwt';

const SECRET = 'a-secret-that-is-at-least-32-characters-long';
const HOUR = 60 * 60;
const key = (secret: string) => new TextEncoder().encode(secret);

/** The claims our tokens carry, for forging one by hand. */
function claims(now: Date, overrides: { iss?: string; aud?: string; sub?: string; ver?: unknown } = {}) {
  const seconds = Math.floor(now.getTime() / 1000);
  return {
    ver: 3,
    iss: 'tableserve',
    aud: 'owner',
    sub: '42',
    iat: seconds,
    exp: seconds + HOUR,
    ...overrides,
  };
}

/** The same token with its payload rewritten and its signature kept. */
function tamper(token: string, change: (payload: Record<string, unknown>) => void) {
  const [header, payload, signature] = token.split('.');
  const decoded = JSON.parse(new TextDecoder().decode(base64url.decode(payload!)));
  change(decoded);
  return [header, base64url.encode(JSON.stringify(decoded)), signature].join('.');
}

describe('login tokens', () => {
  const clock = testClock();
  const jwt = createJwtService(SECRET, clock.now);

  it('verify what they sign: the subject and the token version, for their audience only', async () => {
    const owner = await jwt.sign('owner', 42, 12 * HOUR, 3);
    const diner = await jwt.sign('customer', 7, 12 * HOUR, 0);
    expect(await jwt.verify('owner', owner)).toEqual({ subject: 42, version: 3 });
    expect(await jwt.verify('customer', diner)).toEqual({ subject: 7, version: 0 });
    expect(decodeJwt(owner)).toMatchObject({ iss: 'tableserve', aud: 'owner', sub: '42', ver: 3 });
  });

  it("refuse another audience's token: an owner's is no diner's, and a diner's no owner's", async () => {
    const owner = await jwt.sign('owner', 42, 12 * HOUR, 3);
    const diner = await jwt.sign('customer', 7, 12 * HOUR, 0);
    expect(await jwt.verify('customer', owner)).toBeUndefined();
    expect(await jwt.verify('owner', diner)).toBeUndefined();
  });

  it('refuse an unsigned token (alg: none), whatever it claims', async () => {
    const unsigned = new UnsecuredJWT(claims(clock.now())).encode();
    expect(decodeJwt(unsigned)).toMatchObject({ aud: 'owner', sub: '42' });
    expect(await jwt.verify('owner', unsigned)).toBeUndefined();
    // With our header's alg instead: still no signature, still refused.
    const [, payload] = unsigned.split('.');
    const relabelled = `${base64url.encode(JSON.stringify({ alg: 'HS256' }))}.${payload}.`;
    expect(await jwt.verify('owner', relabelled)).toBeUndefined();
  });

  it('refuse a token signed with another key, or with another algorithm and our key', async () => {
    const otherKey = await new SignJWT(claims(clock.now()))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key('another-secret-that-is-32-characters-or-more'));
    expect(await jwt.verify('owner', otherKey)).toBeUndefined();
    // HS512 with the right key: only HS256 is accepted, so no algorithm is picked by the token.
    const otherAlgorithm = await new SignJWT(claims(clock.now()))
      .setProtectedHeader({ alg: 'HS512' })
      .sign(key(SECRET));
    expect(await jwt.verify('owner', otherAlgorithm)).toBeUndefined();
    // The control: the very same claims, HS256 with our key, are accepted.
    const genuine = await new SignJWT(claims(clock.now()))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key(SECRET));
    expect(await jwt.verify('owner', genuine)).toEqual({ subject: 42, version: 3 });
  });

  it('refuse an expired token, and one of another issuer', async () => {
    const expiring = await jwt.sign('owner', 42, HOUR, 3);
    const later = createJwtService(SECRET, () => new Date(clock.now().getTime() + HOUR * 1000 + 1000));
    expect(await later.verify('owner', expiring)).toBeUndefined();
    const justBefore = createJwtService(SECRET, () => new Date(clock.now().getTime() + HOUR * 1000 - 1000));
    expect(await justBefore.verify('owner', expiring)).toEqual({ subject: 42, version: 3 });

    const otherIssuer = await new SignJWT(claims(clock.now(), { iss: 'someone-else' }))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key(SECRET));
    expect(await jwt.verify('owner', otherIssuer)).toBeUndefined();
  });

  it('trust a token verified before only until it expires, and only for its audience', async () => {
    const moving = testClock();
    const service = createJwtService(SECRET, moving.now);
    const token = await service.sign('staff', 9, HOUR, 1);
    expect(await service.verify('staff', token)).toEqual({ subject: 9, version: 1 });
    expect(await service.verify('device', token)).toBeUndefined();
    expect(await service.verify('staff', token)).toEqual({ subject: 9, version: 1 });
    moving.advance(HOUR * 1000);
    expect(await service.verify('staff', token)).toBeUndefined();
  });

  it('name the audience a token claims, the same from memory once verified as decoded before', async () => {
    const moving = testClock();
    const service = createJwtService(SECRET, moving.now);
    const staff = await service.sign('staff', 9, HOUR, 1);
    expect(service.claimedAudience(staff)).toBe('staff');
    await service.verify('staff', staff);
    expect(service.claimedAudience(staff)).toBe('staff');
    // Its claim, not the audience a caller tried it for: a failed check remembers nothing.
    const diner = await service.sign('customer', 7, HOUR, 0);
    expect(await service.verify('owner', diner)).toBeUndefined();
    expect(service.claimedAudience(diner)).toBe('customer');
    // Past its expiry the token is decoded again: still its claim, and still refused by verify.
    moving.advance(HOUR * 1000);
    expect(service.claimedAudience(staff)).toBe('staff');
    expect(await service.verify('staff', staff)).toBeUndefined();
    const asAdmin = tamper(diner, (payload) => {
      payload.aud = 'admin';
    });
    for (const token of ['', 'not-a-jwt', 'a.b.c', asAdmin])
      expect(service.claimedAudience(token), token).toBeUndefined();
  });

  it('refuse a token whose payload was changed after signing', async () => {
    const owner = await jwt.sign('owner', 42, 12 * HOUR, 3);
    const asAnotherOwner = tamper(owner, (payload) => {
      payload.sub = '43';
    });
    expect(decodeJwt(asAnotherOwner).sub).toBe('43');
    expect(await jwt.verify('owner', asAnotherOwner)).toBeUndefined();
    // A revoked token brought back to life by its version, or made to last a year: refused alike.
    const revived = tamper(owner, (payload) => {
      payload.ver = 4;
    });
    expect(await jwt.verify('owner', revived)).toBeUndefined();
    const longer = tamper(owner, (payload) => {
      payload.exp = (payload.exp as number) + 365 * 24 * HOUR;
    });
    expect(await jwt.verify('owner', longer)).toBeUndefined();
    const asDiner = tamper(owner, (payload) => {
      payload.aud = 'customer';
    });
    expect(await jwt.verify('customer', asDiner)).toBeUndefined();
  });

  it('refuse a well-signed token whose subject or version is not a whole number', async () => {
    const sign = (overrides: { sub?: string; ver?: unknown }) =>
      new SignJWT(claims(clock.now(), overrides)).setProtectedHeader({ alg: 'HS256' }).sign(key(SECRET));
    for (const sub of ['0', '-1', '1.5', 'admin', '9007199254740993'])
      expect(await jwt.verify('owner', await sign({ sub })), sub).toBeUndefined();
    for (const ver of ['3', 1.5, -0.5])
      expect(await jwt.verify('owner', await sign({ ver })), String(ver)).toBeUndefined();
  });

  it('refuse what is no token at all', async () => {
    for (const token of ['', 'not-a-jwt', 'a.b.c', '..', 'eyJhbGciOiJIUzI1NiJ9..'])
      expect(await jwt.verify('owner', token), token).toBeUndefined();
  });
});
