import { describe, expect, it } from 'vitest';
import { anchorsOf, citationProblems } from './check-citations.mjs';

const anchors = new Map([['ordering.md', anchorsOf('<a id="cart"></a>\n## Cart\n<a id="place-order"></a>')]]);
const problemsIn = (text, path = 'apps/server/src/x.ts') =>
  citationProblems([{ path, text }], anchors).map(({ line, reason }) => `${line}: ${reason}`);

describe('check-citations', () => {
  it('accepts citations of existing product anchors and ADRs', () => {
    expect(
      problemsIn(
        '// docs/product/ordering.md#cart and docs/product/ordering.md#place-order\n// docs/decisions/013-table-codes.md',
      ),
    ).toEqual([]);
  });

  it('refuses the specification, DESIGN.md, CONVENTIONS.md, a bare § and a tracker issue', () => {
    expect(
      problemsIn(
        [
          '/** Cart (customer-side spec §2 Cart). */',
          '// DESIGN.md says so',
          '// CONVENTIONS: our own habits',
          '// the §5 required fields',
          '// loads later (issue 10)',
        ].join('\n'),
      ),
    ).toEqual([
      '1: cites the specification (owner-side / customer-side)',
      '1: cites a "§" section of a document outside the repository',
      '2: cites DESIGN.md',
      '3: cites CONVENTIONS.md',
      '4: cites a "§" section of a document outside the repository',
      '5: cites a tracker issue',
    ]);
  });

  it('refuses an anchor or a product file that does not exist', () => {
    expect(problemsIn('// docs/product/ordering.md#checkout\n// docs/product/menu.md#diner-menu')).toEqual([
      '1: docs/product/ordering.md has no anchor #checkout',
      '2: docs/product/menu.md does not exist',
    ]);
  });

  it('leaves the product rules themselves alone', () => {
    expect(
      problemsIn('Rules first written in the owner-side spec §4', 'docs/product/order-statuses.md'),
    ).toEqual([]);
  });
});
