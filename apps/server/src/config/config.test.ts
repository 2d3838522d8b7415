import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, repositoryRoot } from './config';

describe('configuration', () => {
  it('has working defaults: port 3000, ./data at the repository root, embedded database', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.join(repositoryRoot, 'data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.ownerTokenTtlSeconds).toBe(12 * 3600);
  });

  it('derives the public URL from the port and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://order.example.com/' }).publicUrl).toBe(
      'https://order.example.com',
    );
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ OWNER_TOKEN_TTL: 'forever' }, 'OWNER_TOKEN_TTL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
  ])('fails fast naming the bad variable (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: `));
  });
});
