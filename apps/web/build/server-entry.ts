import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { type BuildManifest, chunksOfRoute, withModulePreloads } from './module-preloads.ts';
import { precompress } from './precompress.ts';

/** Where the SSR build (`vite build --ssr`, run before the app's build) leaves the server's entry. */
export const SERVER_STAGING_DIR = '.staging-server';
/** Where a published build keeps it and its prerendered pages: a dot directory, which the server never serves as a file. */
export const SERVER_DIR = '.ssr';
export const SERVER_ENTRY = 'entry-server.js';
/** Vite's build manifest, in the staged build: which chunks each route's page needs. */
const MANIFEST = '.vite/manifest.json';
/**
 * The pages painted once per build (docs/performance.md): the same for every visitor. The login
 * form takes over what was typed into it before the app hydrated (login-page.tsx).
 */
export const PRERENDERED_PAGES = {
  '/': { file: 'pages/landing.html', route: 'src/app/routes/landing.tsx' },
  '/login': { file: 'pages/login.html', route: 'src/app/routes/login.tsx' },
} as const;
/**
 * The page the server paints at run time, the diner's menu (apps/server/src/plugins/page-painter.ts),
 * is painted into this template: index.html with the menu's chunks preloaded.
 */
export const MENU_TEMPLATE = {
  file: 'templates/menu-display.html',
  route: 'src/app/routes/menu-display.tsx',
};

type ServerEntry = { renderPage(url: string, template: string): Promise<string> };

/** The SSR build's settings: one self-contained file (no package looked up at run time), in SERVER_STAGING_DIR. */
export function serverEntryBuild(distDir: string): Plugin {
  return {
    name: 'tableserve-server-entry',
    apply: 'build',
    config: () => ({
      // React's production build, whatever NODE_ENV the server later runs under.
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      ssr: { noExternal: true },
      build: {
        outDir: path.join(distDir, SERVER_STAGING_DIR),
        emptyOutDir: true,
        // The public files come with the app's build.
        copyPublicDir: false,
        target: 'node20',
        rollupOptions: { output: { inlineDynamicImports: true } },
      },
    }),
  };
}

/**
 * Moves the server's entry from the SSR build into the app's `staging` build and paints the
 * prerendered pages there with it, so the entry, the pages and the index.html they were painted
 * into are published together. Without an SSR build, nothing is added: the published build then
 * has no entry, and the server sends the plain index.html as before.
 */
export async function stageServerEntry(distDir: string, staging: string): Promise<void> {
  const built = path.join(distDir, SERVER_STAGING_DIR, SERVER_ENTRY);
  const entry = path.join(staging, SERVER_DIR, SERVER_ENTRY);
  await mkdir(path.dirname(entry), { recursive: true });
  try {
    await rename(built, entry);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  await rm(path.join(distDir, SERVER_STAGING_DIR), { recursive: true, force: true });
  const { renderPage } = (await import(pathToFileURL(entry).href)) as ServerEntry;
  const template = await readFile(path.join(staging, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(path.join(staging, MANIFEST), 'utf8')) as BuildManifest;
  for (const [url, { file, route }] of Object.entries(PRERENDERED_PAGES)) {
    const page = path.join(staging, SERVER_DIR, file);
    await mkdir(path.dirname(page), { recursive: true });
    await writeFile(
      page,
      withModulePreloads(await renderPage(url, template), chunksOfRoute(manifest, route)),
    );
  }
  await precompress(path.join(staging, SERVER_DIR, 'pages'));
  const menuTemplate = path.join(staging, SERVER_DIR, MENU_TEMPLATE.file);
  await mkdir(path.dirname(menuTemplate), { recursive: true });
  await writeFile(menuTemplate, withModulePreloads(template, chunksOfRoute(manifest, MENU_TEMPLATE.route)));
}
