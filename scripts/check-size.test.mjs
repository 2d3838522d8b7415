import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { firstLoad } from './check-size.mjs';

const script = fileURLToPath(new URL('./check-size.mjs', import.meta.url));
let dist;

afterEach(() => rmSync(dist, { recursive: true, force: true }));

/**
 * A published web build (apps/web/build/publish.ts): the live build's page and manifest, and
 * beside its assets those of an earlier build that open pages may still load, far over budget.
 */
function publishedDist() {
  dist = mkdtempSync(path.join(os.tmpdir(), 'check-size-'));
  const files = {
    'index.html': '<script type="module" src="/assets/index-new.js"></script>',
    '.vite/manifest.json': JSON.stringify({
      'index.html': { file: 'assets/index-new.js', isEntry: true, css: ['assets/index-new.css'] },
      'src/app/routes/menu-display.tsx': {
        file: 'assets/menu-display-new.js',
        src: 'src/app/routes/menu-display.tsx',
        isDynamicEntry: true,
      },
    }),
    'assets/index-new.js': 'x'.repeat(2000),
    'assets/index-new.css': 'body{}',
    'assets/menu-display-new.js': 'y'.repeat(1000),
    'assets/index-old.js': 'z'.repeat(300 * 1024),
    'assets/menu-display-old.js': 'w'.repeat(100 * 1024),
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), content);
  }
  return dist;
}

describe('scripts/check-size.mjs (docs/performance.md budget)', () => {
  it("weighs the live build only, not the earlier builds' assets kept beside it", () => {
    const rows = firstLoad(publishedDist());
    expect(rows.map((row) => row.file).sort()).toEqual([
      'assets/index-new.css',
      'assets/index-new.js',
      'assets/menu-display-new.js',
      'index.html',
    ]);
    const result = spawnSync(process.execPath, [script, dist], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
