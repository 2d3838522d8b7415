#!/usr/bin/env node
// Every rule the code cites lives in this repository: a comment may cite docs/product/<file>.md#<anchor>,
// an ADR (docs/decisions/NNN-….md), SECURITY.md or docs/performance.md, never the specification
// or design notes the project started from, a bare "§ N", or a tracker issue ("issue N"), which a
// person who clones the repository cannot read. A cited docs/product anchor must exist.
// Usage: node scripts/check-citations.mjs [repo path]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What cites a document outside the repository, each with the reason it gives. */
const OUTSIDE = [
  [/\b(owner|customer)-side\b/i, 'cites the specification (owner-side / customer-side)'],
  [/\bDESIGN(\.md)?\b/, 'cites DESIGN.md'],
  [/\bCONVENTIONS(\.md)?\b/, 'cites CONVENTIONS.md'],
  [/§/, 'cites a "§" section of a document outside the repository'],
  [/\bissues? #?\d+/i, 'cites a tracker issue'],
];
const PRODUCT_REF = /docs\/product\/([\w-]+\.md)(?:#([\w-]+))?/g;
// Files that hold the citations' own rules, binaries and files the lead edits by hand.
const SKIPPED =
  /^(scripts\/check-citations(\.test)?\.mjs|package-lock\.json)$|\.(woff2?|png|jpe?g|webp|ico|pdf|svg)$/;

/** The anchors of each docs/product file: explicit `<a id="…">` ones. */
export function anchorsOf(markdown) {
  return new Set([...markdown.matchAll(/<a id="([\w-]+)"><\/a>/g)].map((match) => match[1]));
}

/**
 * Problems in `files` ({ path, text }), given the docs/product anchors by file name
 * (Map name → Set of ids): one { path, line, reason } per offending line.
 */
export function citationProblems(files, productAnchors) {
  const problems = [];
  for (const file of files) {
    if (SKIPPED.test(file.path) || file.path.startsWith('docs/product/')) continue;
    file.text.split('\n').forEach((text, index) => {
      const line = index + 1;
      for (const [pattern, reason] of OUTSIDE)
        if (pattern.test(text)) problems.push({ path: file.path, line, reason });
      for (const [, name, anchor] of text.matchAll(PRODUCT_REF)) {
        const anchors = productAnchors.get(name);
        if (!anchors) problems.push({ path: file.path, line, reason: `docs/product/${name} does not exist` });
        else if (anchor && !anchors.has(anchor))
          problems.push({ path: file.path, line, reason: `docs/product/${name} has no anchor #${anchor}` });
      }
    });
  }
  return problems;
}

function readRepository(root) {
  const tracked = execFileSync('git', ['-C', root, 'ls-files'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  const files = [];
  const productAnchors = new Map();
  for (const name of tracked) {
    let text;
    try {
      text = readFileSync(path.join(root, name), 'utf8');
    } catch {
      continue; // listed but absent (deleted in the work tree)
    }
    if (text.includes('\u0000')) continue;
    files.push({ path: name, text });
    const product = /^docs\/product\/([\w-]+\.md)$/.exec(name);
    if (product) productAnchors.set(product[1], anchorsOf(text));
  }
  return { files, productAnchors };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, productAnchors } = readRepository(path.resolve(process.argv[2] ?? '.'));
  const problems = citationProblems(files, productAnchors);
  for (const { path: file, line, reason } of problems) console.error(`${file}:${line}: ${reason}`);
  if (problems.length) {
    console.error(
      `\n${problems.length} citation(s) of documents outside the repository or of missing anchors.`,
    );
    console.error(
      'Cite docs/product/<file>.md#<anchor> or docs/decisions/NNN-….md instead (CONTRIBUTING.md).',
    );
    process.exit(1);
  }
  console.log('Citations: every cited rule is in the repository.');
}
