/** What this reads of one entry of Vite's build manifest (.vite/manifest.json). */
type ManifestChunk = { file: string; name?: string; isEntry?: boolean; imports?: string[] };
export type BuildManifest = Record<string, ManifestChunk>;

/**
 * The chunks a lazy route's module needs, its own first, then everything it imports, as Vite's
 * manifest names them: without the entry (index.html's own script, already in the page) nor
 * what the entry imports. `route` is the module's path (src/app/routes/login.tsx): its own key in
 * the manifest, or, for a route merged into a chunk of its name (the menu's, first-load-chunks.ts),
 * that chunk. A route the build does not have is an error, so that a renamed route fails the
 * build instead of leaving its page to load its code late.
 */
export function chunksOfRoute(manifest: BuildManifest, route: string): string[] {
  const name = route.replace(/^.*\//, '').replace(/\.tsx?$/, '');
  const key = manifest[route]
    ? route
    : // Vite keys a chunk that is not a module's own with an underscore and its file name.
      Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key]!.name === name);
  if (!key) throw new Error(`the build has no chunk for ${route}`);
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || seen.has(key)) return;
    seen.add(key);
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

/**
 * A painted page with `<link rel="modulepreload">` for its route's chunks at the end of its head:
 * the browser fetches them beside the entry, instead of once the entry has run and asked for its
 * route (a round trip more on a phone's network before the page is live). `crossorigin` as Vite
 * gives the entry's script, so the preloaded module is the one the import uses.
 */
export function withModulePreloads(html: string, files: string[]): string {
  if (!html.includes('</head>')) throw new Error('the page has no </head> to add its preloads to');
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  return html.replace('</head>', () => `${links}</head>`);
}
