// `npm run docs:env`: writes the environment table of docs/operations.md and .env.example from
// environment-docs.ts; environment-docs.test.ts fails while either differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repositoryRoot } from './config';
import { environmentExample, environmentTable } from './environment-docs';

export const operationsDoc = path.join(repositoryRoot, 'docs/operations.md');
export const envExample = path.join(repositoryRoot, '.env.example');
const start = '<!-- environment:start (generated: npm run docs:env) -->';
const end = '<!-- environment:end -->';

/** The operations guide with its environment table replaced by the generated one. */
export function withGeneratedTable(doc: string): string {
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/operations.md lost its markers: ${start} … ${end}`);
  return `${doc.slice(0, from + start.length)}\n${environmentTable()}\n${doc.slice(to)}`;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  writeFileSync(operationsDoc, withGeneratedTable(readFileSync(operationsDoc, 'utf8')));
  writeFileSync(envExample, environmentExample());
  console.log('wrote docs/operations.md (environment) and .env.example');
}
