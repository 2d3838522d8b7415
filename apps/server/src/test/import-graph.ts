import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The server's layering rules (docs/decisions/018-layering.md), checked over the import graph of a source folder:
 * every relative import (types and re-exports included) of every .ts file, resolved to a file.
 * Paths are relative to the folder, with forward slashes.
 */
export type ImportGraph = Map<string, string[]>;

function sourceFiles(root: string, folder = ''): string[] {
  return readdirSync(path.join(root, folder)).flatMap((name) => {
    const relative = folder ? `${folder}/${name}` : name;
    if (statSync(path.join(root, relative)).isDirectory()) return sourceFiles(root, relative);
    return name.endsWith('.ts') ? [relative] : [];
  });
}

/** The file a relative specifier names, as TypeScript's bundler resolution finds it. */
function resolve(root: string, importer: string, specifier: string): string | undefined {
  const base = path.posix.join(path.posix.dirname(importer), specifier);
  const candidates = [base, `${base}.ts`, `${base}/index.ts`, base.replace(/\.js$/, '.ts')];
  return candidates.find((candidate) => candidate.endsWith('.ts') && existsSync(path.join(root, candidate)));
}

export function importGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(root)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolve(root, file, specifier))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** `modules/orders` for any file inside that folder; undefined outside modules/. */
export const moduleOf = (file: string) => /^modules\/[^/]+/.exec(file)?.[0];

/**
 * Rule 1: a module owns its tables, so its repository is imported only from its own folder.
 * Everyone else asks its service or the read module it exports (e.g. restaurant-reads.ts).
 */
export function repositoryImportViolations(graph: ImportGraph): string[] {
  const violations: string[] = [];
  for (const [importer, targets] of graph) {
    for (const target of targets) {
      if (!target.endsWith('.repository.ts')) continue;
      const owner = moduleOf(target);
      if (moduleOf(importer) !== owner)
        violations.push(
          `${importer} imports ${target}, another module's repository: ask ${owner} through its service or read module`,
        );
    }
  }
  return violations;
}

/** Strongly connected components of more than one node, or with an edge to itself (Tarjan). */
function cyclesOf(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;

  function visit(node: string) {
    index.set(node, counter);
    lowLink.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(node, Math.min(lowLink.get(node)!, lowLink.get(next)!));
      } else if (onStack.has(next)) {
        lowLink.set(node, Math.min(lowLink.get(node)!, index.get(next)!));
      }
    }
    if (lowLink.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) cycles.push(component.sort());
  }

  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** Rule 2: no import cycles between files. Each cycle is named by the files in it. */
export function fileCycles(graph: ImportGraph): string[] {
  return cyclesOf(graph).map((files) => `import cycle: ${files.join(' ↔ ')}`);
}

/**
 * Rule 3: no cycles between modules either (the modules stack in one direction, e.g. restaurants
 * asks subscriptions, never the reverse). Files outside modules/ are not part of this graph, nor
 * are tests: a test may check one module with another's help (menu options priced as orders do).
 */
export function moduleCycles(graph: ImportGraph): string[] {
  const modules: ImportGraph = new Map();
  for (const [importer, targets] of graph) {
    const from = moduleOf(importer);
    if (!from || importer.endsWith('.test.ts')) continue;
    const edges = new Set(modules.get(from));
    for (const target of targets) {
      const to = moduleOf(target);
      if (to && to !== from) edges.add(to);
    }
    modules.set(from, [...edges]);
  }
  return cyclesOf(modules).map((names) => `module cycle: ${names.join(' ↔ ')}`);
}

/** The names a file imports as values (not `import type`) from one module of the folder. */
function valueImportsFrom(root: string, file: string, target: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(path.join(root, file), 'utf8'),
    ts.ScriptTarget.Latest,
  );
  return source.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) return [];
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly || resolve(root, file, statement.moduleSpecifier.text) !== target)
      return [];
    const bindings = clause.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) return [];
    return bindings.elements
      .filter((element) => !element.isTypeOnly)
      .map((element) => (element.propertyName ?? element.name).text);
  });
}

/**
 * Rule 4: a module owns its tables: only files under a table's owner (a path prefix) name it.
 * `owners` maps each table exported by the schema to its owner; `exempt` names the files that
 * may touch any table, each for a stated reason. Tests and their helpers write behind the app's
 * back on purpose, so they are not checked.
 */
export function tableOwnershipViolations(
  root: string,
  graph: ImportGraph,
  schema: string,
  owners: Record<string, string>,
  exempt: readonly string[],
): string[] {
  const violations: string[] = [];
  for (const [file, targets] of graph) {
    if (!targets.includes(schema) || exempt.includes(file)) continue;
    if (file.endsWith('.test.ts') || file.startsWith('test/')) continue;
    for (const name of valueImportsFrom(root, file, schema)) {
      const owner = owners[name];
      if (owner && !file.startsWith(owner))
        violations.push(
          `${file} uses the table ${name}, which ${owner} owns: ask it through its service or read module`,
        );
    }
  }
  return violations;
}
