import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { precompress } from './precompress.ts';
import { stageServerEntry } from './server-entry.ts';

/** One published build: when it went live and every file it wrote, relative to the dist directory. */
export type PublishedBuild = { id: string; publishedAt: string; files: string[] };

/** The builds whose files the dist directory holds, oldest first. */
export const HISTORY_FILE = '.builds.json';
/** Where Vite writes a build before it is published: inside dist, so every move is a same-disk rename. */
export const STAGING_DIR = '.staging';
/**
 * How long a replaced build's hashed assets stay (docs/decisions/022-no-service-worker.md): the
 * last 3 builds, and any build that was still the live one in the last 7 days, so a phone that
 * opened the menu before a deploy still finds the chunks of its next page.
 */
export const KEEP = { builds: 3, days: 7 };

const ASSETS = 'assets/';
const MANIFEST = '.vite/manifest.json';
const INDEX = 'index.html';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Vite builds into `<dist>/.staging`; this compresses the build there, then publishes it into
 * `dist` (publishBuild), so that a server serving `dist` meanwhile never sends a missing or
 * half-written file.
 */
export function publish(distDir: string): Plugin {
  return {
    name: 'tableserve-publish',
    apply: 'build',
    config: () => ({ build: { outDir: path.join(distDir, STAGING_DIR), emptyOutDir: true } }),
    async closeBundle() {
      const staging = path.join(distDir, STAGING_DIR);
      await precompress(staging);
      await stageServerEntry(distDir, staging);
      const build = await publishBuild(staging, distDir);
      console.log(`Published build ${build.id} into ${distDir}`);
    },
  };
}

/**
 * Publishes the build in `staging` into `dist`, in the order that keeps every page working:
 * new hashed assets first (a name that exists already holds the same content and is left as it
 * is), then the unhashed files, the manifest, and index.html last, each by an atomic rename. The
 * files of earlier builds past KEEP are then pruned, and `staging` removed.
 */
export async function publishBuild(staging: string, dist: string, now = new Date()): Promise<PublishedBuild> {
  const files = (await filesUnder(staging)).sort();
  const build: PublishedBuild = {
    id: createHash('sha256')
      .update(await readFile(path.join(staging, MANIFEST)))
      .digest('hex')
      .slice(0, 12),
    publishedAt: now.toISOString(),
    files,
  };
  const history = await readHistory(dist);
  const previous = history.at(-1);

  const move = async (file: string) => {
    await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
    await rename(path.join(staging, file), path.join(dist, file));
  };
  const isIndex = (file: string) => file === INDEX || file.startsWith(`${INDEX}.`);
  for (const file of files.filter((file) => file.startsWith(ASSETS))) {
    if (!(await exists(path.join(dist, file)))) await move(file);
  }
  for (const file of files.filter(
    (file) => !file.startsWith(ASSETS) && file !== MANIFEST && !isIndex(file),
  )) {
    await move(file);
  }
  await move(MANIFEST);
  // The .br and .gz before the page itself: either copy a browser gets is then a whole page, old or new.
  for (const file of files.filter((file) => isIndex(file) && file !== INDEX)) await move(file);
  await move(INDEX);
  // An unhashed file the new build no longer has (a .br of an index.html now too small to
  // compress) would otherwise keep being sent in place of the new one.
  const stale = (previous?.files ?? []).filter((file) => !file.startsWith(ASSETS) && !files.includes(file));
  await Promise.all(stale.map((file) => rm(path.join(dist, file), { force: true })));

  await writeHistory(dist, await prune(dist, [...history.filter(({ id }) => id !== build.id), build], now));
  await rm(staging, { recursive: true, force: true });
  return build;
}

/**
 * Keeps the last KEEP.builds builds and any build that was live within KEEP.days (until the next
 * one was published); deletes the hashed assets that only the other builds used. Answers the
 * builds kept, oldest first.
 */
export async function prune(
  dist: string,
  history: PublishedBuild[],
  now: Date,
  keep = KEEP,
): Promise<PublishedBuild[]> {
  const since = now.getTime() - keep.days * DAY_MS;
  const kept = history.filter((_, index) => {
    const liveUntil = history[index + 1]?.publishedAt;
    return index >= history.length - keep.builds || liveUntil === undefined || Date.parse(liveUntil) >= since;
  });
  const needed = new Set(kept.flatMap((build) => build.files));
  const unused = history
    .filter((build) => !kept.includes(build))
    .flatMap((build) => build.files)
    .filter((file) => file.startsWith(ASSETS) && !needed.has(file));
  await Promise.all(unused.map((file) => rm(path.join(dist, file), { force: true })));
  return kept;
}

/**
 * The builds `dist` holds. A dist built before there was a history gets one: its assets, as a
 * build that went live when its index.html was written, so that open pages keep them for KEEP.
 */
export async function readHistory(dist: string): Promise<PublishedBuild[]> {
  try {
    return JSON.parse(await readFile(path.join(dist, HISTORY_FILE), 'utf8')) as PublishedBuild[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const index = await stat(path.join(dist, INDEX)).catch(() => undefined);
  if (!index) return [];
  const files = (await filesUnder(dist)).filter((file) => !file.startsWith(`${STAGING_DIR}/`));
  return [{ id: 'unrecorded', publishedAt: index.mtime.toISOString(), files: files.sort() }];
}

async function writeHistory(dist: string, history: PublishedBuild[]) {
  const file = path.join(dist, HISTORY_FILE);
  await writeFile(`${file}.tmp`, `${JSON.stringify(history, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
}

/** Every file under `dir`, as a path relative to it with forward slashes (the manifest's form). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
