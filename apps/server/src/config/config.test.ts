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
    [{ STORAGE_DRIVER: 's3' }, 'S3_BUCKET'],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'menu', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY'],
    [{ STORAGE_DRIVER: 'ftp' }, 'STORAGE_DRIVER'],
    [{ S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT'],
  ])('fails fast naming the bad variable (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: `));
  });

  it('reads an optional Google Maps key; unset or empty means plain address fields', () => {
    expect(loadConfig({}).googleMapsApiKey).toBeUndefined();
    expect(loadConfig({ GOOGLE_MAPS_API_KEY: '' }).googleMapsApiKey).toBeUndefined();
    expect(loadConfig({ GOOGLE_MAPS_API_KEY: ' AIza-browser-key ' }).googleMapsApiKey).toBe(
      'AIza-browser-key',
    );
  });

  it('stores menu images locally by default, or in S3 when asked', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local' });
    expect(
      loadConfig({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'menu-images',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).storage,
    ).toEqual({
      driver: 's3',
      bucket: 'menu-images',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      publicUrl: undefined,
    });
  });
});
