import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** The message that forgets every entry of a cache. */
const EVERYTHING = '*';
/** How long a failed publish is retried before giving up on it. */
const PUBLISH_RETRY_MS = 1000;
/**
 * A kept value read after this share of its max age (each entry its own point, spread between
 * 75 and 90 %) is answered as it is and reloaded in the background, so a value in use never
 * expires under its readers; late in its life, so it costs few more loads than expiring did.
 * The spread matters: values loaded together (every menu after a restart, every token in a rush)
 * would otherwise all be reloaded in the same second, and the requests behind them would wait
 * behind the reloads (measured in the bench: status changes held up to 0.23 s while every menu
 * reloaded, 0.12 s while the owners' tokens did).
 */
const REFRESH_FROM = 0.75;
const REFRESH_SPREAD = 0.15;

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
   * (nothing found) is never kept. A kept value past its refresh point is answered, and reloaded
   * in the background by the load it was kept from (get does the same).
   */
  read(key: K, load: () => Promise<V | undefined>): Promise<V | undefined>;
  /**
   * As read, for a value whose key only the load learns (a menu by its QR code's token): reads
   * by the same `lookup` share one load, unless something was invalidated since it started.
   */
  readKeyed(
    lookup: string,
    load: () => Promise<V | undefined>,
    keyOf: (value: V) => K,
  ): Promise<V | undefined>;
  /** After a change of `key` has committed: forgets it here and on every other instance. */
  invalidate(key: K): void;
  /** After a change that may touch any key has committed. */
  invalidateAll(): void;
};

export type InvalidatedCaches = ReturnType<typeof createInvalidatedCaches>;

type Entry<V> = {
  value: V;
  loadedAt: number;
  /** When a read starts reloading it in the background (REFRESH_FROM). */
  refreshAt: number;
  /** The load it was kept from, run again to reload it. */
  reload: () => Promise<V | undefined>;
};

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
export function createInvalidatedCaches(deps: {
  redis?: Redis | undefined;
  /** The deployment's REDIS_PREFIX, before every channel. */
  prefix?: string;
  log: FastifyBaseLogger;
}) {
  const { redis, prefix = '', log } = deps;
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
      const channel = `${prefix}tableserve:${options.name}`;
      const entries = new Map<string, Entry<V>>();
      const loading = new Map<string, Promise<V | undefined>>();
      /** readKeyed's loads under way by their lookup, with the generation each started in. */
      const loadingByLookup = new Map<string, { startedAt: number; loaded: Promise<V | undefined> }>();
      let generation = 0;
      let listening = subscriber === undefined;

      function forget(key: string) {
        generation += 1;
        if (key === EVERYTHING) {
          entries.clear();
          loading.clear();
          loadingByLookup.clear();
          return;
        }
        entries.delete(key);
        loading.delete(key);
      }

      function get(key: string): V | undefined {
        const entry = entries.get(key);
        if (!entry || !listening) return undefined;
        const now = Date.now();
        if (now - entry.loadedAt > options.maxAgeMs) {
          entries.delete(key);
          return undefined;
        }
        // Most recently used last: the first in the map is the one to evict.
        entries.delete(key);
        entries.set(key, entry);
        if (now >= entry.refreshAt && !loading.has(key)) {
          load(key, entry.reload).catch((error) =>
            log.warn({ err: error, cache: options.name }, 'cache: reload failed'),
          );
        }
        return entry.value;
      }

      function keep(startedAt: number, key: string, value: V, reload: () => Promise<V | undefined>) {
        if (generation !== startedAt || !listening) return;
        const loadedAt = Date.now();
        const refreshAfter = options.maxAgeMs * (REFRESH_FROM + REFRESH_SPREAD * Math.random());
        entries.delete(key);
        entries.set(key, { value, loadedAt, refreshAt: loadedAt + refreshAfter, reload });
        if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
      }

      /** One load of `key` at a time; its value kept unless an invalidation overlapped it. */
      function load(key: string, from: () => Promise<V | undefined>): Promise<V | undefined> {
        const startedAt = generation;
        const loaded = from()
          .then((value) => {
            if (value !== undefined) keep(startedAt, key, value, from);
            // Gone since it was kept (a reload that found nothing): not answered any more.
            else if (generation === startedAt) entries.delete(key);
            return value;
          })
          .finally(() => {
            if (loading.get(key) === loaded) loading.delete(key);
          });
        loading.set(key, loaded);
        return loaded;
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

        read(key, from) {
          const id = String(key);
          const kept = get(id);
          if (kept !== undefined) return Promise.resolve(kept);
          // Unheard invalidations may have passed a load under way: none is shared while deaf.
          if (!listening) return from();
          return loading.get(id) ?? load(id, from);
        },

        readKeyed(lookup, from, keyOf) {
          // A load that started before any invalidation since may have read what it undid.
          const shared = loadingByLookup.get(lookup);
          if (listening && shared?.startedAt === generation) return shared.loaded;
          const startedAt = generation;
          const loaded = from()
            .then((value) => {
              if (value === undefined) return value;
              const key = String(keyOf(value));
              // Reloaded the same way, it is kept only while it still belongs to the same key.
              const reload = async () => {
                const again = await from();
                return again !== undefined && String(keyOf(again)) === key ? again : undefined;
              };
              keep(startedAt, key, value, reload);
              return value;
            })
            .finally(() => {
              if (loadingByLookup.get(lookup)?.loaded === loaded) loadingByLookup.delete(lookup);
            });
          if (listening) loadingByLookup.set(lookup, { startedAt, loaded });
          return loaded;
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
