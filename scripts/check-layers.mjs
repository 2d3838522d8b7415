#!/usr/bin/env node
// The web app's layers (docs/decisions/018-layering.md): a feature (src/features/<name>) imports only itself and the
// shared modules, never another feature; shared modules (everything in src/ but features/, app/
// and the entry) import neither features nor app/. Screens that need two features are composed in
// app/. Tests count too: a feature's tests may reach only what the feature itself may reach.
// Fails (exit 1) listing each offending import, naming the importing and the imported room.
//
//   node scripts/check-layers.mjs [src-dir]     (default: apps/web/src)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Static imports, `export … from`, side-effect imports, dynamic import() and vi.mock/importActual.
const SPECIFIERS =
  /(?:\b(?:import|export)\s[^'";]*?\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|importActual)\s*(?:<[^>]*>)?\(\s*)(['"])([^'"]+)\1/g;

/** Every TypeScript module under `dir`. */
function sourceFiles(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|mts)$/.test(entry) ? [file] : [];
  });
}

/** The layer a module of `src` belongs to: a named feature, app/, or shared. */
function roomOf(src, file) {
  const [top, name] = path.relative(src, file).split(path.sep);
  if (top === 'features' && name) return { kind: 'feature', name: `features/${name}` };
  if (top === 'app' || top === 'main.tsx') return { kind: 'app', name: top === 'app' ? 'app' : 'main.tsx' };
  return { kind: 'shared', name: top };
}

/** What `specifier`, imported by `file`, points at inside `src`; undefined for packages. */
function targetOf(src, file, specifier) {
  if (specifier.startsWith('@/')) return path.join(src, specifier.slice(2));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
  return undefined;
}

/** The imports in `src` that break the layers, each with a message naming both rooms. */
export function layerViolations(src) {
  const violations = [];
  for (const file of sourceFiles(src)) {
    const from = roomOf(src, file);
    if (from.kind === 'app') continue;
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(SPECIFIERS)) {
      const specifier = match[2];
      const target = targetOf(src, file, specifier);
      if (target === undefined || path.relative(src, target).startsWith('..')) continue;
      const to = roomOf(src, target);
      if (to.kind === 'shared' || to.name === from.name) continue;
      const where = `${path.relative(src, file)} imports '${specifier}'`;
      violations.push({
        file: path.relative(src, file),
        specifier,
        from: from.name,
        to: to.name,
        message:
          from.kind === 'feature'
            ? `${from.name} imports ${to.name} (${where}): features never import each other; compose them in app/ or move what both need to a shared module.`
            : `shared module ${from.name} imports ${to.name} (${where}): shared modules import neither features nor app/.`,
      });
    }
  }
  return violations;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const src = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/src'));
  const violations = layerViolations(src);
  for (const violation of violations) console.error(violation.message);
  if (violations.length > 0) {
    console.error(`\n${violations.length} import(s) break the web app's layers.`);
    process.exit(1);
  }
  console.log("The web app's layers hold: no feature imports another.");
}
