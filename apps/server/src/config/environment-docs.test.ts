import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { environmentExample, environmentVariables } from './environment-docs';
import { envExample, operationsDoc, withGeneratedTable } from './write-environment-docs';

describe('environment documentation', () => {
  it('docs/operations.md lists every variable as the config documents it (npm run docs:env)', () => {
    const doc = readFileSync(operationsDoc, 'utf8');
    expect(doc).toBe(withGeneratedTable(doc));
  });

  it('.env.example is the generated one (npm run docs:env)', () => {
    expect(readFileSync(envExample, 'utf8')).toBe(environmentExample());
  });

  it('.env.example, as a .env file, is a valid configuration of the defaults', () => {
    const env = Object.fromEntries(
      environmentExample()
        .split('\n')
        .filter((line) => /^[A-Z0-9_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(Object.keys(env).sort()).toEqual(Object.keys(environmentVariables).sort());
    expect(loadConfig(env)).toEqual(loadConfig({}));
  });
});
