import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInvalidatedCaches } from './invalidated-caches';

const log = pino({ level: 'silent' });

/** A load that answers `value` (as it is when called) and counts its calls, optionally held until released. */
function counter<V>(value: V) {
  let release = () => {};
  const state = {
    value,
    calls: 0,
    held: false,
    load: () => {
      state.calls += 1;
      const answer = state.value;
      if (!state.held) return Promise.resolve(answer);
      return new Promise<V>((resolve) => {
        release = () => resolve(answer);
      });
    },
    release: () => release(),
  };
  return state;
}

describe('an invalidated cache in one process', () => {
  const caches = createInvalidatedCaches({ log });
  afterAll(() => caches.close());
  const newCache = (maxEntries = 100) =>
    caches.cache<number, string>({ name: `test-${randomUUID()}`, maxEntries, maxAgeMs: 60_000 });

  it('reads once, then answers from memory until the key is invalidated', async () => {
    const cache = newCache();
    const read = counter('v1');
    expect(await cache.read(1, read.load)).toBe('v1');
    expect(await cache.read(1, read.load)).toBe('v1');
    expect(read.calls).toBe(1);
    cache.invalidate(1);
    expect(cache.get(1)).toBeUndefined();
    expect(await cache.read(1, read.load)).toBe('v1');
    expect(read.calls).toBe(2);
  });

  it('shares one load among simultaneous reads of a key', async () => {
    const cache = newCache();
    const read = counter('v');
    read.held = true;
    const both = Promise.all([cache.read(1, read.load), cache.read(1, read.load)]);
    read.release();
    expect(await both).toEqual(['v', 'v']);
    expect(read.calls).toBe(1);
  });

  it('shares one load among simultaneous reads by the same lookup, and keeps it by its key', async () => {
    const cache = newCache();
    const read = counter('menu of 7');
    read.held = true;
    const reads = Promise.all([1, 2, 3].map(() => cache.readKeyed('token-a', read.load, () => 7)));
    read.release();
    expect(await reads).toEqual(['menu of 7', 'menu of 7', 'menu of 7']);
    expect(read.calls).toBe(1);
    expect(cache.get(7)).toBe('menu of 7');
  });

  it('does not share a load by lookup with a read that came after an invalidation', async () => {
    const cache = newCache();
    const before = counter('before the change');
    before.held = true;
    const early = cache.readKeyed('token-a', before.load, () => 7);
    cache.invalidate(7);
    const after = counter('after the change');
    expect(await cache.readKeyed('token-a', after.load, () => 7)).toBe('after the change');
    before.release();
    expect(await early).toBe('before the change');
    expect(cache.get(7)).toBe('after the change');
  });

  it('answers a read that overlapped an invalidation, but does not keep it', async () => {
    const cache = newCache();
    const read = counter('before the change');
    read.held = true;
    const reading = cache.read(1, read.load);
    cache.invalidate(1);
    read.release();
    expect(await reading).toBe('before the change');
    expect(cache.get(1)).toBeUndefined();
  });

  it('keeps nothing for a key the load did not find', async () => {
    const cache = newCache();
    const read = counter<string | undefined>(undefined);
    expect(await cache.read(1, read.load)).toBeUndefined();
    expect(await cache.read(1, read.load)).toBeUndefined();
    expect(read.calls).toBe(2);
  });

  it('keeps at most its bound, letting the least recently used go first', async () => {
    const cache = newCache(2);
    await cache.read(1, counter('one').load);
    await cache.read(2, counter('two').load);
    expect(cache.get(1)).toBe('one');
    await cache.read(3, counter('three').load);
    expect([cache.get(1), cache.get(2), cache.get(3)]).toEqual(['one', undefined, 'three']);
  });

  describe('as its values age (max age 60 s, reloaded from 45–54 s)', () => {
    let clock = 1_000_000;
    const at = (seconds: number) => {
      vi.spyOn(Date, 'now').mockReturnValue(clock + seconds * 1000);
    };
    afterEach(() => {
      vi.restoreAllMocks();
      clock += 1_000_000;
    });
    /** Lets a background reload settle. */
    const settled = () => new Promise((resolve) => setImmediate(resolve));
    /** A new cache holding key 1 as `value`, read at 0 s by the counter returned with it. */
    const keptAtZero = async (value: string) => {
      const cache = newCache();
      const read = counter(value);
      at(0);
      await cache.read(1, read.load);
      return { cache, read };
    };

    it('answers what it keeps until the refresh point without loading again', async () => {
      const { cache, read } = await keptAtZero('v1');
      at(44);
      expect(await cache.read(1, read.load)).toBe('v1');
      expect(cache.get(1)).toBe('v1');
      expect(read.calls).toBe(1);
    });

    it('past its refresh point, answers the kept value at once and reloads it once in the background', async () => {
      const { cache, read } = await keptAtZero('v1');
      read.value = 'v2';
      read.held = true;
      at(55);
      // Every read answers at once from memory while the one reload runs.
      expect(await cache.read(1, read.load)).toBe('v1');
      expect(await cache.read(1, read.load)).toBe('v1');
      expect(cache.get(1)).toBe('v1');
      expect(read.calls).toBe(2);
      read.release();
      await settled();
      expect(cache.get(1)).toBe('v2');
      // Reloaded at 55 s: trusted until 115 s, reloaded no sooner than 100 s.
      at(75);
      expect(await cache.read(1, read.load)).toBe('v2');
      expect(read.calls).toBe(2);
    });

    it('does not keep a background reload that overlapped an invalidation', async () => {
      const { cache, read: first } = await keptAtZero('before');
      first.held = true;
      at(55);
      expect(cache.get(1)).toBe('before');
      cache.invalidate(1);
      first.release();
      await settled();
      expect(cache.get(1)).toBeUndefined();
    });

    it('forgets a value whose background reload finds nothing', async () => {
      const cache = newCache();
      let exists = true;
      const load = async () => (exists ? 'here' : undefined);
      at(0);
      await cache.read(1, load);
      exists = false;
      at(55);
      expect(cache.get(1)).toBe('here');
      await settled();
      expect(cache.get(1)).toBeUndefined();
    });

    it('no longer answers a value past its max age, and loads it again', async () => {
      const { cache, read } = await keptAtZero('v');
      at(61);
      expect(cache.get(1)).toBeUndefined();
      expect(await cache.read(1, read.load)).toBe('v');
      expect(read.calls).toBe(2);
    });

    it('reloads a value read by another key only while it still belongs to that key', async () => {
      const cache = newCache();
      let key = 7;
      const load = async () => `value of ${key}`;
      at(0);
      await cache.readKeyed('lookup', load, () => key);
      key = 8;
      at(55);
      expect(cache.get(7)).toBe('value of 7');
      await settled();
      expect(cache.get(7)).toBeUndefined();
    });
  });

  it('forgets every key on invalidateAll, and a value read by another key where it belongs', async () => {
    const cache = newCache();
    expect(await cache.readKeyed('seven', counter('seven').load, () => 7)).toBe('seven');
    expect(cache.get(7)).toBe('seven');
    cache.invalidateAll();
    expect(cache.get(7)).toBeUndefined();
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('invalidated caches of two processes sharing Redis', () => {
  const name = `test-${randomUUID()}`;
  const connections: Redis[] = [];
  const processOf = () => {
    const redis = new Redis(process.env.TEST_REDIS_URL!, { connectionName: `cache-test-${randomUUID()}` });
    connections.push(redis);
    const caches = createInvalidatedCaches({ redis, log });
    return {
      redis,
      caches,
      cache: caches.cache<number, string>({ name, maxEntries: 100, maxAgeMs: 60_000 }),
    };
  };
  let one: ReturnType<typeof processOf>;
  let two: ReturnType<typeof processOf>;
  /** Until the channel is subscribed, nothing is kept: read until something is. */
  const kept = (of: typeof one, key: number, value: string) =>
    expect
      .poll(async () => {
        await of.cache.read(key, counter(value).load);
        return of.cache.get(key);
      })
      .toBe(value);

  beforeAll(() => {
    one = processOf();
    two = processOf();
  });
  afterAll(async () => {
    await one.caches.close();
    await two.caches.close();
    for (const redis of connections) await redis.quit();
  });

  it('forgets a key on the other process when one invalidates it', async () => {
    await kept(one, 1, 'v1');
    await kept(two, 1, 'v1');
    one.cache.invalidate(1);
    expect(one.cache.get(1)).toBeUndefined();
    await expect.poll(() => two.cache.get(1)).toBeUndefined();
  });

  it('trusts nothing while its subscription is lost, and starts from nothing once back', async () => {
    await kept(two, 2, 'v2');
    // The subscriber connection is the one of this process's name that listens.
    const clients = String(await two.redis.call('CLIENT', 'LIST', 'TYPE', 'pubsub'));
    const ownName = String(await two.redis.call('CLIENT', 'GETNAME'));
    const id = clients
      .split('\n')
      .find((line) => line.includes(`name=${ownName} `))
      ?.match(/^id=(\d+)/)?.[1];
    expect(id).toBeDefined();
    await two.redis.call('CLIENT', 'KILL', 'ID', id!);
    await expect.poll(() => two.cache.get(2)).toBeUndefined();
    await kept(two, 2, 'v2 again');
  });
});
