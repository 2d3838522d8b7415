import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileCycles, importGraph, moduleCycles, repositoryImportViolations } from './test/import-graph';

const serverSource = path.dirname(new URL(import.meta.url).pathname);

describe('the server layering (issue 19)', () => {
  const graph = importGraph(serverSource);

  it('reads the real import graph', () => {
    expect(graph.get('app.ts')).toContain('modules/restaurants/restaurants.service.ts');
  });

  it('has no module importing another module’s repository', () => {
    expect(repositoryImportViolations(graph)).toEqual([]);
  });

  it('has no import cycle between files', () => {
    expect(fileCycles(graph)).toEqual([]);
  });

  it('has no import cycle between modules', () => {
    expect(moduleCycles(graph)).toEqual([]);
  });
});

describe('the layering checks', () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A small tree that follows every rule: the service asks the other module's read module. */
  function lawfulTree() {
    root = mkdtempSync(path.join(os.tmpdir(), 'layering-'));
    write('modules/menu/menu.repository.ts', 'export const menuRepository = {};\n');
    write('modules/menu/menu-reads.ts', "export { menuRepository as menuReads } from './menu.repository';\n");
    write('modules/orders/orders.service.ts', "import { menuReads } from '../menu/menu-reads';\n");
  }

  it('pass on a tree that follows the rules', () => {
    lawfulTree();
    const graph = importGraph(root);
    expect([...repositoryImportViolations(graph), ...fileCycles(graph), ...moduleCycles(graph)]).toEqual([]);
  });

  it('name the importer and the repository when a module imports another’s repository', () => {
    lawfulTree();
    write('modules/orders/order-lines.ts', "import type { MenuItemRow } from '../menu/menu.repository';\n");
    expect(repositoryImportViolations(importGraph(root))).toEqual([
      "modules/orders/order-lines.ts imports modules/menu/menu.repository.ts, another module's repository: ask modules/menu through its service or read module",
    ]);
  });

  it('name the files of an import cycle', () => {
    lawfulTree();
    write('modules/menu/menu.repository.ts', "import './menu-reads';\n");
    expect(fileCycles(importGraph(root))).toEqual([
      'import cycle: modules/menu/menu-reads.ts ↔ modules/menu/menu.repository.ts',
    ]);
  });

  it('name the modules that import each other, through files that form no cycle', () => {
    lawfulTree();
    write('modules/menu/menu.service.ts', "export * from '../orders/order-lines';\n");
    write('modules/orders/order-lines.ts', 'export const line = 1;\n');
    const graph = importGraph(root);
    expect(fileCycles(graph)).toEqual([]);
    expect(moduleCycles(graph)).toEqual(['module cycle: modules/menu ↔ modules/orders']);
  });
});
