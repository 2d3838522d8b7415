#!/usr/bin/env node
// The byte budget of a diner's first load (docs/performance.md): what /menu-display downloads on arrival,
// read from the built web app's Vite manifest, must stay within 145 KiB and its scripts within
// 125 KiB, as sent: brotli where the build wrote one (the server sends it to every browser that
// accepts it, which is every current one), the file itself otherwise. The scripts must also stay
// within 125 KiB gzipped, the figure the issue measured, for clients without brotli. Fails (exit 1)
// past any of the three, with a table of what counts.
//
//   node scripts/check-size.mjs [dist-dir]     (default: $WEB_DIST_DIR, else apps/web/dist)
//
// What counts: index.html and its icon; the entry script with everything it imports statically
// and its stylesheet; the menu's route chunk likewise, and the header's account button (a lazy
// chunk the diner pages show at once) when it is a chunk of its own; and for each font family
// the loaded stylesheets declare, the face that draws basic Latin text (the last declared one
// whose unicode-range covers "a", as the browser picks). Not counted: the menu's JSON answer and
// its photos, which are data, not the build.
//
// Only the live build counts: the manifest is the live build's (the web build publishes it with
// index.html, apps/web/build/publish.ts), and the earlier builds' assets kept beside it for open
// pages are never reached from it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const KiB = 1024;
export const BUDGET = { total: 145 * KiB, scripts: 125 * KiB };

/** The modules whose chunks the menu loads at arrival, by source path or by chunk name. */
const ARRIVAL = [
  'src/app/routes/menu-display.tsx',
  'src/features/customer-auth/components/customer-account-menu.tsx',
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every file /menu-display loads on arrival, each with its sizes. */
export function firstLoad(distDir) {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`No Vite manifest at ${manifestFile}: build the web app first (npm run build).`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const files = new Map();
  const add = (file, kind) => {
    if (!files.has(file)) files.set(file, kind);
  };

  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  add('index.html', 'html');
  const icon = html.match(/<link[^>]+rel="icon"[^>]+href="\/?([^"]+)"/)?.[1];
  if (icon && existsSync(path.join(distDir, icon))) add(icon, 'icon');

  const chunkKeys = new Set();
  const visit = (key) => {
    if (chunkKeys.has(key)) return;
    chunkKeys.add(key);
    const chunk = manifest[key];
    add(chunk.file, 'script');
    for (const css of chunk.css ?? []) add(css, 'style');
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('The manifest names no entry');
  visit(entry);
  for (const source of ARRIVAL) {
    const name = path.basename(source).replace(/\.tsx?$/, '');
    // A route module is its chunk's `src`; merged into a chunk of its own name, it is found by that name.
    const key = Object.keys(manifest).find(
      (candidate) => manifest[candidate].src === source || manifest[candidate].name === name,
    );
    if (key) visit(key);
    else if (source === ARRIVAL[0]) throw new Error(`No chunk of ${source} in the manifest`);
  }

  for (const [file, kind] of [...files]) {
    if (kind !== 'style') continue;
    for (const font of basicLatinFaces(readFileSync(path.join(distDir, file), 'utf8'))) add(font, 'font');
  }

  return [...files].map(([file, kind]) => ({ file, kind, ...sizes(distDir, file) }));
}

/** The font files that draw basic Latin text: per family, style and weight range, the last face covering "a". */
function basicLatinFaces(css) {
  const chosen = new Map();
  for (const [, body] of css.matchAll(/@font-face\s*{([^}]*)}/g)) {
    const descriptor = (name) => body.match(new RegExp(`${name}:\\s*([^;]+)`))?.[1]?.trim() ?? '';
    const url = body.match(/url\(\s*["']?\/?([^"')]+)["']?\s*\)/)?.[1];
    if (!url || !coversBasicLatin(descriptor('unicode-range'))) continue;
    const face = ['font-family', 'font-style', 'font-weight'].map(descriptor).join('|');
    chosen.set(face, url.replace(/^\.\//, '').replace(/^(?!assets\/)/, 'assets/'));
  }
  return [...chosen.values()];
}

function coversBasicLatin(range) {
  if (!range) return true;
  return range.split(',').some((part) => {
    // U+0-FF, U+61, or U+?? (a wildcard: 00 to FF).
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    const low = Number.parseInt(from.replaceAll('?', '0'), 16);
    const high = Number.parseInt(to.replace(/^U\+/i, '').replaceAll('?', 'F'), 16);
    return low <= 0x61 && 0x61 <= high;
  });
}

/** Raw, gzip and brotli bytes (the build's own .gz and .br when it wrote them), and what is sent. */
function sizes(distDir, file) {
  const full = path.join(distDir, file);
  const content = readFileSync(full);
  const written = (extension) =>
    existsSync(full + extension) ? readFileSync(full + extension).length : null;
  const compressible = /\.(js|css|html|svg)$/.test(file);
  const gzip = written('.gz') ?? (compressible ? gzipSync(content, { level: 9 }).length : content.length);
  const brotli =
    written('.br') ??
    (compressible
      ? brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
      : content.length);
  // The server sends the build's .br when there is one (files under 1 KiB have none), else the file as is.
  const sent = written('.br') ?? content.length;
  return { raw: content.length, gzip, brotli, sent };
}

const kib = (bytes) => `${(bytes / KiB).toFixed(1)} KiB`;

function report(rows) {
  const sum = (list, key) => list.reduce((total, row) => total + row[key], 0);
  const scripts = rows.filter((row) => row.kind === 'script');
  const columns = ['file', 'kind', 'raw', 'gzip', 'brotli', 'sent'];
  const table = [
    columns,
    ...rows.map((row) => [row.file, row.kind, kib(row.raw), kib(row.gzip), kib(row.brotli), kib(row.sent)]),
    [
      'scripts',
      `${scripts.length}`,
      kib(sum(scripts, 'raw')),
      kib(sum(scripts, 'gzip')),
      kib(sum(scripts, 'brotli')),
      kib(sum(scripts, 'sent')),
    ],
    [
      'total',
      `${rows.length}`,
      kib(sum(rows, 'raw')),
      kib(sum(rows, 'gzip')),
      kib(sum(rows, 'brotli')),
      kib(sum(rows, 'sent')),
    ],
  ];
  const widths = columns.map((_, index) => Math.max(...table.map((line) => line[index].length)));
  const line = (cells) =>
    cells
      .map((cell, index) => (index < 2 ? cell.padEnd(widths[index]) : cell.padStart(widths[index])))
      .join('  ');
  console.log('First load of /menu-display (docs/performance.md budget)');
  for (const [index, cells] of table.entries()) {
    if (index === 1 || index === table.length - 2)
      console.log(widths.map((width) => '-'.repeat(width)).join('  '));
    console.log(line(cells));
  }
  return { total: sum(rows, 'sent'), scripts: sum(scripts, 'sent'), scriptsGzip: sum(scripts, 'gzip') };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = path.resolve(
    process.argv[2] ?? process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist'),
  );
  const { total, scripts, scriptsGzip } = report(firstLoad(distDir));
  const failures = [
    total > BUDGET.total && `${kib(total)} sent in all, over the budget of ${kib(BUDGET.total)}`,
    scripts > BUDGET.scripts && `${kib(scripts)} of scripts sent, over the budget of ${kib(BUDGET.scripts)}`,
    scriptsGzip > BUDGET.scripts &&
      `${kib(scriptsGzip)} of scripts gzipped, over the budget of ${kib(BUDGET.scripts)}`,
  ].filter(Boolean);
  if (failures.length > 0) {
    for (const failure of failures) console.error(`✗ /menu-display first load: ${failure}`);
    process.exit(1);
  }
  console.log(
    `✓ within budget: ${kib(total)} of ${kib(BUDGET.total)} sent, of which scripts ${kib(scripts)} (${kib(scriptsGzip)} gzipped) of ${kib(BUDGET.scripts)}`,
  );
}
