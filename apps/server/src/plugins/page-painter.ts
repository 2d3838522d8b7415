import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Where the web build publishes its server entry (apps/web/src/app/entry-server.tsx) and the pages
 * it prerendered (apps/web/build/server-entry.ts), relative to the built app.
 */
const ENTRY = '.ssr/entry-server.js';
const INDEX = 'index.html';
const PRERENDERED = new Map([
  ['/', '.ssr/pages/landing.html'],
  ['/login', '.ssr/pages/login.html'],
]);

type ServerEntry = { renderPage(url: string, template: string, menuJson?: string): Promise<string> };
type Build = { version: string; entry: Promise<ServerEntry>; template: Promise<string> };

export type PagePainter = ReturnType<typeof pagePainter>;

/**
 * Paints pages of the built web app as HTML with the build's own server entry. The entry and
 * the index.html it paints into are those of the build published last: a build published while
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
        template: readFile(path.join(webDistDir, INDEX), 'utf8'),
      };
    }
    return loaded;
  }

  return {
    /** `url`'s page painted from the menu's answer (`menuJson`); undefined when the build has no entry. */
    async paint(url: string, menuJson: string): Promise<string | undefined> {
      const build = await currentBuild();
      if (!build) return undefined;
      const [entry, template] = await Promise.all([build.entry, build.template]);
      return entry.renderPage(url, template, menuJson);
    },
    /** The file of `url`'s page as the build prerendered it, relative to the built app; undefined for any other page. */
    async prerendered(url: string): Promise<string | undefined> {
      const file = PRERENDERED.get(new URL(url, 'http://localhost').pathname);
      return file && (await modifiedAt(file)) !== undefined ? file : undefined;
    },
  };
}
