import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Precompressed, precompress } from '../lib/precompressed';

/**
 * Where the web build publishes its server entry (apps/web/src/app/entry-server.tsx) and the pages
 * it prerendered (apps/web/build/server-entry.ts), relative to the built app.
 */
const ENTRY = '.ssr/entry-server.js';
const INDEX = 'index.html';
/** The menu's page template: index.html with the menu's chunks preloaded; index.html in a build without it. */
const MENU_TEMPLATE = '.ssr/templates/menu-display.html';
const PRERENDERED = new Map([
  ['/', '.ssr/pages/landing.html'],
  ['/login', '.ssr/pages/login.html'],
]);

type ServerEntry = { renderPage(url: string, template: string, menuJson?: string): Promise<string> };
/** One published build, with the pages it painted: a menu's page is the same until its menu or the build changes. */
type Build = {
  version: string;
  entry: Promise<ServerEntry>;
  template: Promise<string>;
  painted: Map<string, Promise<Precompressed>>;
};

/** How many painted pages a build keeps, the oldest dropped first: the menus being scanned now. */
const PAINTED_PAGES_KEPT = 500;

export type PagePainter = ReturnType<typeof pagePainter>;

/**
 * Paints pages of the built web app as HTML with the build's own server entry. The entry and
 * the template it paints into are those of the build published last: a build published while
 * the server runs (apps/web/build/publish.ts) is used from its first request, as its files are.
 */
export function pagePainter(webDistDir: string) {
  let loaded: Build | undefined;
  const modifiedAt = (file: string) =>
    stat(path.join(webDistDir, file)).then(
      (stats) => stats.mtimeMs,
      () => undefined,
    );

  async function currentBuild(): Promise<Build | undefined> {
    const [entryAt, indexAt] = await Promise.all([modifiedAt(ENTRY), modifiedAt(INDEX)]);
    if (entryAt === undefined || indexAt === undefined) return undefined;
    const version = `${entryAt}/${indexAt}`;
    if (loaded?.version !== version) {
      // A new URL per published entry: Node keeps a module by its URL, and would keep the first.
      const entryUrl = `${pathToFileURL(path.join(webDistDir, ENTRY)).href}?published=${entryAt}`;
      loaded = {
        version,
        entry: import(entryUrl) as Promise<ServerEntry>,
        template: readFile(path.join(webDistDir, MENU_TEMPLATE), 'utf8').catch(() =>
          readFile(path.join(webDistDir, INDEX), 'utf8'),
        ),
        painted: new Map(),
      };
    }
    return loaded;
  }

  return {
    /**
     * `url`'s page painted from the menu's answer (its JSON bytes, tagged `etag`), with its brotli and
     * gzip forms, as the build's prerendered pages have theirs; undefined when the build has no
     * entry. Painted and compressed once per menu version, URL and build (tens of milliseconds of
     * CPU), then answered from memory: an edited menu has a new tag, a new build its own pages.
     */
    async paint(url: string, menu: { etag: string; json: Buffer }): Promise<Precompressed | undefined> {
      const build = await currentBuild();
      if (!build) return undefined;
      const key = `${menu.etag} ${url}`;
      let page = build.painted.get(key);
      if (!page) {
        page = Promise.all([build.entry, build.template])
          // Decoded only when painting: a page already painted costs the request nothing.
          .then(([entry, template]) => entry.renderPage(url, template, menu.json.toString('utf8')))
          .then((html) => precompress(Buffer.from(html)));
        if (build.painted.size >= PAINTED_PAGES_KEPT)
          build.painted.delete(build.painted.keys().next().value ?? '');
        build.painted.set(key, page);
        // A failure is not kept: the next request tries again.
        page.catch(() => build.painted.delete(key));
      }
      return page;
    },
    /** The file of `url`'s page as the build prerendered it, relative to the built app; undefined for any other page. */
    async prerendered(url: string): Promise<string | undefined> {
      const file = PRERENDERED.get(new URL(url, 'http://localhost').pathname);
      return file && (await modifiedAt(file)) !== undefined ? file : undefined;
    },
  };
}
