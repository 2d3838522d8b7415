import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** The message that forgets every entry of a cache. */
const EVERYTHING = '*';
/** How long a failed publish is retried before giving up on it. */
const PUBLISH_RETRY_MS = 1000;

/**
 * What a process keeps of the database, per key, until something changes it: read on first use,
 * forgotten on every instance when a change has committed.
 */
export type InvalidatedCache<K extends string | number, V> = {
  /** The value kept for `key`, if any is kept and may be trusted now. */
  get(key: K): V | undefined;
  /**
   * The kept value, else `load`'s: one load per key at a time, and kept only when nothing was
   * invalidated while it ran (a read from before a change is never kept after it). Undefined
   * (nothing found) is never kept.
   */
  read(key: K, load: () => Promise<V | undefined>): Promise<V | undefined>;
  /** As read, for a value whose key only the load learns (a menu by its QR code's token). */
  readKeyed(load: () => Promise<V | undefined>, keyOf: (value: V) => K): Promise<V | undefined>;
  /** After a change of `key` has committed: forgets it here and on every other instance. */
  invalidate(key: K): void;
  /** After a change that may touch any key has committed. */
  invalidateAll(): void;
};

export type InvalidatedCaches = ReturnType<typeof createInvalidatedCaches>;

type Entry<V> = { value: V; loadedAt: number };

/**
 * The caches of one process and the one Redis connection that tells them of changes made on other
 * instances (pub/sub, a channel per cache). Without Redis there is one process and its own
 * invalidations suffice.
 *
 * Missed messages cannot be replayed, so a cache trusts nothing it holds, and keeps nothing it
 * reads, unless its channel is subscribed: while the connection is down every read goes to the
 * database, and every (re)subscription starts from nothing. A publish that fails is retried until
 * it goes through or the cache's max age has passed (by then no instance still holds the value);
 * the max age bounds the harm of a message lost any other way.
 */
export function createInvalidatedCaches(deps: { redis?: Redis | undefined; log: FastifyBaseLogger }) {
  const { redis, log } = deps;
  const byChannel = new Map<string, { forget(key: string): void; setListening(listening: boolean): void }>();
  // Resubscribed by hand, so each cache knows when its channel listens again.
  const subscriber = redis?.duplicate({ autoResubscribe: false });

  function listen(channel: string) {
    subscriber
      ?.subscribe(channel)
      .then(() => byChannel.get(channel)?.setListening(true))
      .catch((error) => log.error({ err: error, channel }, 'cache: subscribe failed'));
  }

  if (subscriber) {
    subscriber.on('message', (channel: string, message: string) => byChannel.get(channel)?.forget(message));
    subscriber.on('ready', () => {
      for (const channel of byChannel.keys()) listen(channel);
    });
    subscriber.on('close', () => {
      for (const cache of byChannel.values()) cache.setListening(false);
    });
  }

  function publish(channel: string, message: string, maxAgeMs: number, since = Date.now()) {
    redis?.publish(channel, message).catch((error) => {
      log.error({ err: error, channel }, 'cache: publish failed');
      if (Date.now() - since < maxAgeMs)
        setTimeout(() => publish(channel, message, maxAgeMs, since), PUBLISH_RETRY_MS).unref();
    });
  }

  return {
    /**
     * A cache of at most `maxEntries` values (the least recently used goes first), each trusted
     * for `maxAgeMs` at most. `name` names its Redis channel: one per cache in the whole app.
     */
    cache<K extends string | number, V>(options: {
      name: string;
      maxEntries: number;
      maxAgeMs: number;
    }): InvalidatedCache<K, V> {
      const channel = `tableserve:${options.name}`;
      const entries = new Map<string, Entry<V>>();
      const loading = new Map<string, Promise<V | undefined>>();
      let generation = 0;
      let listening = subscriber === undefined;

      function forget(key: string) {
        generation += 1;
        if (key === EVERYTHING) {
          entries.clear();
          loading.clear();
          return;
        }
        entries.delete(key);
        loading.delete(key);
      }

      function get(key: string): V | undefined {
        const entry = entries.get(key);
        if (!entry || !listening) return undefined;
        if (Date.now() - entry.loadedAt > options.maxAgeMs) {
          entries.delete(key);
          return undefined;
        }
        // Most recently used last: the first in the map is the one to evict.
        entries.delete(key);
        entries.set(key, entry);
        return entry.value;
      }

      function keep(startedAt: number, key: string, value: V) {
        if (generation !== startedAt || !listening) return;
        entries.delete(key);
        entries.set(key, { value, loadedAt: Date.now() });
        if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
      }

      byChannel.set(channel, {
        forget,
        setListening(now) {
          // Whatever was heard or missed before this moment is forgotten, loads under way included.
          forget(EVERYTHING);
          listening = now;
        },
      });
      if (subscriber?.status === 'ready') listen(channel);

      function invalidate(key: string) {
        forget(key);
        publish(channel, key, options.maxAgeMs);
      }

      return {
        get: (key) => get(String(key)),

        read(key, load) {
          const id = String(key);
          const kept = get(id);
          if (kept !== undefined) return Promise.resolve(kept);
          // Unheard invalidations may have passed a load under way: none is shared while deaf.
          if (!listening) return load();
          const pending = loading.get(id);
          if (pending) return pending;
          const startedAt = generation;
          const loaded = load()
            .then((value) => {
              if (value !== undefined) keep(startedAt, id, value);
              return value;
            })
            .finally(() => {
              if (loading.get(id) === loaded) loading.delete(id);
            });
          loading.set(id, loaded);
          return loaded;
        },

        async readKeyed(load, keyOf) {
          const startedAt = generation;
          const value = await load();
          if (value !== undefined) keep(startedAt, String(keyOf(value)), value);
          return value;
        },

        invalidate: (key) => invalidate(String(key)),
        invalidateAll: () => invalidate(EVERYTHING),
      };
    },

    async close() {
      await subscriber?.quit().catch(() => subscriber.disconnect());
    },
  };
}
