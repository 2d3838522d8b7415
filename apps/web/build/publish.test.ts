import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  HISTORY_FILE,
  type PublishedBuild,
  prune,
  publishBuild,
  readHistory,
  STAGING_DIR,
} from './publish.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const start = new Date('2026-11-01T12:00:00Z');
const daysLater = (days: number) => new Date(start.getTime() + days * DAY_MS);

let dist: string;
const staging = () => path.join(dist, STAGING_DIR);

beforeEach(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'tableserve-publish-'));
});
afterEach(async () => {
  await rm(dist, { recursive: true, force: true });
});

/** A build as Vite leaves it in the staging directory: its page, manifest, assets and public files. */
async function stage(name: string, { shared = 'vendor-same.js', extra = {} as Record<string, string> } = {}) {
  const files: Record<string, string> = {
    'index.html': `<script type="module" src="/assets/index-${name}.js"></script>`,
    '.vite/manifest.json': JSON.stringify({
      'index.html': { file: `assets/index-${name}.js`, isEntry: true },
    }),
    [`assets/index-${name}.js`]: `import './${shared}'; import('./page-${name}.js');`,
    [`assets/index-${name}.js.br`]: `br of index ${name}`,
    [`assets/page-${name}.js`]: `page ${name}`,
    [`assets/${shared}`]: 'shared',
    'favicon.svg': `<svg>${name}</svg>`,
    ...extra,
  };
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(staging(), file)), { recursive: true });
    await writeFile(path.join(staging(), file), content);
  }
}

const read = (file: string) => readFile(path.join(dist, file), 'utf8');
const exists = (file: string) =>
  stat(path.join(dist, file)).then(
    () => true,
    () => false,
  );
const assets = async () => (await readdir(path.join(dist, 'assets'))).sort();

describe('publishBuild', () => {
  it('publishes a first build into an empty directory and removes the staging directory', async () => {
    await stage('a');
    const build = await publishBuild(staging(), dist, start);

    expect(await read('index.html')).toContain('/assets/index-a.js');
    expect(await assets()).toEqual(['index-a.js', 'index-a.js.br', 'page-a.js', 'vendor-same.js']);
    expect(await exists(STAGING_DIR)).toBe(false);
    expect(build.files).toEqual([
      '.vite/manifest.json',
      'assets/index-a.js',
      'assets/index-a.js.br',
      'assets/page-a.js',
      'assets/vendor-same.js',
      'favicon.svg',
      'index.html',
    ]);
    expect(JSON.parse(await read(HISTORY_FILE))).toEqual([
      { id: build.id, publishedAt: start.toISOString(), files: build.files },
    ]);
  });

  it('keeps the previous build’s assets and replaces its page, manifest and public files', async () => {
    await stage('a');
    await publishBuild(staging(), dist, start);
    await stage('b');
    await publishBuild(staging(), dist, daysLater(1));

    expect(await read('index.html')).toContain('/assets/index-b.js');
    expect(await read('.vite/manifest.json')).toContain('index-b.js');
    expect(await read('favicon.svg')).toBe('<svg>b</svg>');
    expect(await assets()).toEqual([
      'index-a.js',
      'index-a.js.br',
      'index-b.js',
      'index-b.js.br',
      'page-a.js',
      'page-b.js',
      'vendor-same.js',
    ]);
  });

  it('never overwrites a hashed file that is already there: its name stands for its content', async () => {
    await stage('a');
    await publishBuild(staging(), dist, start);
    await stage('b', { extra: { 'assets/vendor-same.js': 'a second copy' } });
    await publishBuild(staging(), dist, daysLater(1));

    expect(await read('assets/vendor-same.js')).toBe('shared');
  });

  it('removes an unhashed file the new build no longer has, such as a stale index.html.br', async () => {
    await stage('a', { extra: { 'index.html.br': 'compressed page a' } });
    await publishBuild(staging(), dist, start);
    await stage('b');
    await publishBuild(staging(), dist, daysLater(1));

    expect(await exists('index.html.br')).toBe(false);
    expect(await read('index.html')).toContain('/assets/index-b.js');
  });

  it('records a build published again once, as the newest', async () => {
    await stage('a');
    await publishBuild(staging(), dist, start);
    await stage('b');
    await publishBuild(staging(), dist, daysLater(1));
    await stage('a');
    const again = await publishBuild(staging(), dist, daysLater(2));

    const history: PublishedBuild[] = JSON.parse(await read(HISTORY_FILE));
    expect(history.map((build) => build.id)).toHaveLength(2);
    expect(history.at(-1)).toEqual({
      id: again.id,
      publishedAt: daysLater(2).toISOString(),
      files: again.files,
    });
    expect(await read('index.html')).toContain('/assets/index-a.js');
  });

  it('prunes the builds past the last 3 that stopped being live more than 7 days ago, but not the files still shared', async () => {
    for (const [day, name] of ['a', 'b', 'c', 'd'].entries()) {
      await stage(name);
      await publishBuild(staging(), dist, daysLater(day));
    }
    // a was live until b, a day after it, and is the fourth build: still within 7 days.
    expect(await assets()).toContain('page-a.js');

    await stage('e');
    await publishBuild(staging(), dist, daysLater(10));
    // a (live until day 1) and b (until day 2) are gone; c stays as one of the last 3 with d and e.
    expect(await assets()).toEqual([
      'index-c.js',
      'index-c.js.br',
      'index-d.js',
      'index-d.js.br',
      'index-e.js',
      'index-e.js.br',
      'page-c.js',
      'page-d.js',
      'page-e.js',
      'vendor-same.js',
    ]);
    const history: PublishedBuild[] = JSON.parse(await read(HISTORY_FILE));
    expect(history.map((build) => build.publishedAt)).toEqual(
      [2, 3, 10].map((day) => daysLater(day).toISOString()),
    );
  });

  it('keeps every build that was live within the last 7 days, however many there were', async () => {
    for (const [index, name] of ['a', 'b', 'c', 'd', 'e', 'f'].entries()) {
      await stage(name);
      await publishBuild(staging(), dist, new Date(start.getTime() + index * 60_000));
    }
    expect((await assets()).filter((file) => file.startsWith('page-'))).toHaveLength(6);
  });

  it('adopts the assets of a directory built before there was a history, as live until now', async () => {
    await stage('old');
    for (const file of ['index.html', '.vite/manifest.json', 'assets/index-old.js', 'assets/page-old.js']) {
      await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
      await writeFile(path.join(dist, file), await readFile(path.join(staging(), file)));
    }
    await rm(staging(), { recursive: true });
    await utimes(path.join(dist, 'index.html'), daysLater(-30), daysLater(-30));

    expect(await readHistory(dist)).toEqual([
      {
        id: 'unrecorded',
        publishedAt: daysLater(-30).toISOString(),
        files: ['.vite/manifest.json', 'assets/index-old.js', 'assets/page-old.js', 'index.html'],
      },
    ]);
    await stage('a');
    await publishBuild(staging(), dist, start);
    expect(await assets()).toContain('page-old.js');
  });
});

describe('prune', () => {
  it('deletes only hashed assets, and answers the builds kept', async () => {
    await stage('a');
    const a = await publishBuild(staging(), dist, start);
    await stage('b');
    const b = await publishBuild(staging(), dist, daysLater(1));

    const kept = await prune(dist, [a, b], daysLater(30), { builds: 1, days: 7 });

    expect(kept).toEqual([b]);
    expect(await assets()).toEqual(['index-b.js', 'index-b.js.br', 'page-b.js', 'vendor-same.js']);
    expect(await read('index.html')).toContain('/assets/index-b.js');
    expect(await exists('.vite/manifest.json')).toBe(true);
  });
});
