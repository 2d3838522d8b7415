import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./check-layers.mjs', import.meta.url));
const temps = [];

/** Runs the check the way `npm test` does, on `src` (the real web app without it). */
const check = (...args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

/** A web source tree with two features, a shared module, and the one `extra` file. */
function tree(extra) {
  const src = mkdtempSync(path.join(os.tmpdir(), 'layers-'));
  temps.push(src);
  const files = {
    'lib/money.ts': 'export const cents = 1;\n',
    'features/cart/lib/cart-line.ts': "import { cents } from '@/lib/money';\nexport const line = cents;\n",
    'features/checkout/components/checkout-page.tsx':
      "import { cents } from '../../../lib/money';\nexport const page = cents;\n",
    ...extra,
  };
  for (const [file, code] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
    writeFileSync(path.join(src, file), code);
  }
  return src;
}

afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('scripts/check-layers.mjs (docs/decisions/018-layering.md: features never import each other)', () => {
  it('passes on the real web app', () => {
    const result = check();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('passes on features that import only themselves and shared modules', () => {
    expect(check(tree({})).status).toBe(0);
  });

  it('fails on an @/ import of another feature, naming both', () => {
    const src = tree({
      'features/checkout/lib/total.ts':
        "import { line } from '@/features/cart/lib/cart-line';\nexport const t = line;\n",
    });
    const result = check(src);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "features/checkout imports features/cart (features/checkout/lib/total.ts imports '@/features/cart/lib/cart-line')",
    );
  });

  it('fails on a relative import of another feature, naming both', () => {
    const src = tree({
      'features/cart/components/cart-page.tsx':
        "export const Page = () => import('../../checkout/components/checkout-page');\n",
    });
    const result = check(src);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "features/cart imports features/checkout (features/cart/components/cart-page.tsx imports '../../checkout/components/checkout-page')",
    );
  });

  it("fails on a feature's test that reaches into another feature", () => {
    const src = tree({
      'features/cart/lib/cart-line.test.ts': "vi.mock('@/features/checkout/components/checkout-page');\n",
    });
    const result = check(src);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('features/cart imports features/checkout');
  });

  it('fails on a shared module that imports a feature', () => {
    const src = tree({ 'lib/totals.ts': "export { line } from '@/features/cart/lib/cart-line';\n" });
    const result = check(src);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('shared module lib imports features/cart');
  });
});
