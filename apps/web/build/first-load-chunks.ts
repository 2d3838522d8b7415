import path from 'node:path';

/** What this reads of the module graph Rollup hands to manualChunks. */
type ManualChunkMeta = {
  getModuleInfo: (id: string) => { code: string | null; importedIds: readonly string[] } | null;
};

/**
 * Puts the code the diner's menu needs at arrival in two scripts: the entry, and the menu's own
 * chunk (docs/performance.md). Left to itself Rollup splits what the menu shares with other pages into two
 * dozen small chunks (one per icon, per query hook, per constant), and each costs the phone a
 * request, its headers and a compression dictionary of its own.
 *
 * The entry gets what main.tsx needs. Of what the menu page and the header's account button need
 * beyond that, diner feature code goes into the menu's chunk (the cart and checkout reuse it) and
 * shared code (libraries, `lib/`, `components/`, the contract's constants) into the entry, where the
 * other pages find it too. Imports are followed name by name through re-exporting modules (the
 * icon set, the query library, the contract), because following every module a barrel lists would
 * put all 1,500 icons in the entry. Modules not named here are left to Rollup, one chunk per lazy
 * route, with `onlyExplicitManualChunks` so that no chunk drags a barrel's whole list along.
 */
export function firstLoadChunks(root: string) {
  const src = path.join(root, 'src') + path.sep;
  // Page code: the features, the routes, and the session and menu modules only diner and owner pages use.
  const pageCode = ['features', path.join('app', 'routes'), 'session', 'menu'].map(
    (dir) => path.join(src, dir) + path.sep,
  );
  const menuArrival = [
    path.join(src, 'app', 'routes', 'menu-display.tsx'),
    // Lazy in the root layout, but shown at once in the header of the menu.
    path.join(src, 'features', 'customer-auth', 'components', 'customer-account-menu.tsx'),
  ];
  let chunkOf: Map<string, string> | undefined;

  return (id: string, meta: ManualChunkMeta): string | undefined => {
    if (!chunkOf) {
      chunkOf = new Map();
      const entryModules = modulesNeeded([path.join(root, 'index.html')], meta);
      for (const module of entryModules) chunkOf.set(module, 'index');
      for (const module of modulesNeeded(menuArrival, meta)) {
        if (entryModules.has(module)) continue;
        chunkOf.set(module, pageCode.some((dir) => module.startsWith(dir)) ? 'menu-display' : 'index');
      }
    }
    return chunkOf.get(id);
  };
}

/** The modules `from` needs to run, following each imported name to the module that defines it. */
function modulesNeeded(from: string[], meta: ManualChunkMeta): Set<string> {
  const needed = new Set<string>();
  const pending = [...from];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (needed.has(id)) continue;
    needed.add(id);
    const info = meta.getModuleInfo(id);
    if (!info) continue;
    const imports = parseImports(info.code ?? '');
    for (const dependency of info.importedIds) {
      const specifier = specifierOf(info.code ?? '', dependency, info.importedIds);
      const names = specifier === undefined ? undefined : imports.get(specifier);
      if (!names || names.includes('*')) {
        pending.push(dependency);
        continue;
      }
      for (const name of names) pending.push(definingModule(dependency, name, meta));
    }
  }
  return needed;
}

type Imports = Map<string, string[]>;

/**
 * The names a module takes from each specifier: `import { a, b as c } from 'x'` gives x → [a, b];
 * '*' for a default, namespace or bare import; none for `export … from 'x'`.
 */
function parseImports(code: string): Imports {
  const imports: Imports = new Map();
  const add = (specifier: string, names: string[]) =>
    imports.set(specifier, [...(imports.get(specifier) ?? []), ...names]);
  for (const [, clause, specifier] of code.matchAll(/\bimport\s*([^'";]*?)\s*from\s*["']([^"']+)["']/g)) {
    const named = clause?.match(/^\{([^}]*)\}$/);
    add(specifier!, named ? bindingNames(named[1]!).map(([imported]) => imported) : ['*']);
  }
  for (const [, specifier] of code.matchAll(/\bimport\s*["']([^"']+)["']/g)) add(specifier!, ['*']);
  // Re-exports need nothing by themselves: a name asked for is followed to its module (definingModule).
  for (const [, specifier] of code.matchAll(/\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g)) {
    add(specifier!, []);
  }
  return imports;
}

/** `a, b as c` → [[a, a], [b, c]]: each binding's name over there and name here. */
function bindingNames(list: string): Array<[string, string]> {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [imported, local = imported] = part.split(/\s+as\s+/);
      return [imported!, local!];
    });
}

/**
 * Which specifier of `importer` resolved to `dependency`. Rollup lists a module's static imports in
 * the order their declarations appear, so the specifiers, read in that order, pair with them.
 */
function specifierOf(code: string, dependency: string, importedIds: readonly string[]) {
  const specifiers = [
    ...new Set(
      Array.from(
        code.matchAll(/\b(?:import|export)\s*(?:[^'";]*?\s*from\s*)?["']([^"']+)["']/g),
        ([, specifier]) => specifier!,
      ),
    ),
  ];
  return specifiers.length === importedIds.length ? specifiers[importedIds.indexOf(dependency)] : undefined;
}

/** The module that defines what `module` exports as `name`, through `export … from` and import-then-export. */
function definingModule(module: string, name: string, meta: ManualChunkMeta, depth = 0): string {
  const info = meta.getModuleInfo(module);
  if (!info?.code || depth > 10) return module;
  const code = info.code;
  for (const [, list, specifier] of code.matchAll(/\bexport\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const binding = bindingNames(list!).find(([, exported]) => exported === name);
    const target = binding && resolveRelative(module, specifier!, info.importedIds);
    if (binding && target) return definingModule(target, binding[0], meta, depth + 1);
  }
  for (const [, list] of code.matchAll(/\bexport\s*\{([^}]*)\}\s*;/g)) {
    const binding = bindingNames(list!).find(([, exported]) => exported === name);
    if (!binding) continue;
    for (const [, imported, specifier] of code.matchAll(
      /\bimport\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g,
    )) {
      const source = bindingNames(imported!).find(([, local]) => local === binding[0]);
      const target = source && resolveRelative(module, specifier!, info.importedIds);
      if (source && target) return definingModule(target, source[0], meta, depth + 1);
    }
  }
  // `export * from …`: the name comes from whichever of those modules exports it.
  for (const [, specifier] of code.matchAll(/\bexport\s*\*\s*from\s*["']([^"']+)["']/g)) {
    const target = resolveAny(module, specifier!, info.importedIds);
    if (target && exportsName(target, name, meta)) return definingModule(target, name, meta, depth + 1);
  }
  return module;
}

function exportsName(module: string, name: string, meta: ManualChunkMeta, depth = 0): boolean {
  const info = meta.getModuleInfo(module);
  if (!info?.code || depth > 10) return false;
  for (const [, list] of info.code.matchAll(/\bexport\s*\{([^}]*)\}/g)) {
    if (bindingNames(list!).some(([, exported]) => exported === name)) return true;
  }
  if (
    new RegExp(`\\bexport\\s+(?:const|let|var|function|class|async function)\\s+${name}\\b`).test(info.code)
  )
    return true;
  for (const [, specifier] of info.code.matchAll(/\bexport\s*\*\s*from\s*["']([^"']+)["']/g)) {
    const target = resolveAny(module, specifier!, info.importedIds);
    if (target && exportsName(target, name, meta, depth + 1)) return true;
  }
  return false;
}

function resolveAny(importer: string, specifier: string, importedIds: readonly string[]) {
  return (
    resolveRelative(importer, specifier, importedIds) ??
    importedIds.find((id) => id.includes(`/node_modules/${specifier}/`))
  );
}

function resolveRelative(importer: string, specifier: string, importedIds: readonly string[]) {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.resolve(path.dirname(importer), specifier);
  return importedIds.find((id) => id === target || id.startsWith(`${target}.`));
}
