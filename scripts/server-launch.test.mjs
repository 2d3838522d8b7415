import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverEnvironment, serverNodeArgs } from './server-launch.mjs';

const unit = readFileSync(new URL('../deploy/systemd/tableserve@.service', import.meta.url), 'utf8');
const unitLine = (key) => unit.split('\n').find((line) => line.startsWith(`${key}=`));

describe("the production server's Node flags", () => {
  it('give the PostgreSQL deployment a 64 MB young-generation semi-space', () => {
    expect(serverNodeArgs({ DATABASE_URL: 'postgres://tableserve@db/tableserve' })).toEqual([
      '--max-semi-space-size=64',
    ]);
  });

  it("leave the embedded default at V8's own size", () => {
    expect(serverNodeArgs({})).toEqual([]);
    expect(serverNodeArgs({ DATABASE_URL: '' })).toEqual([]);
    expect(serverNodeArgs({ DATABASE_URL: 'memory://' })).toEqual([]);
  });

  it("give way to an operator's NODE_OPTIONS that sets the size", () => {
    expect(
      serverNodeArgs({ DATABASE_URL: 'postgres://db/x', NODE_OPTIONS: '--max-semi-space-size=32' }),
    ).toEqual([]);
    expect(serverNodeArgs({ DATABASE_URL: 'postgres://db/x', NODE_OPTIONS: '--enable-source-maps' })).toEqual(
      ['--max-semi-space-size=64'],
    );
  });

  it('are the systemd unit’s, which always runs on PostgreSQL', () => {
    expect(unitLine('ExecStart')).toBe(
      `ExecStart=/usr/bin/node ${serverNodeArgs({ DATABASE_URL: 'postgres://db/x' }).join(' ')} apps/server/dist/server.js`,
    );
  });
});

describe("the production server's environment", () => {
  it('returns large freed blocks to the system: glibc maps blocks of 128 KiB and more on their own', () => {
    const env = serverEnvironment({ DATABASE_URL: 'postgres://db/x' });
    expect(env).toEqual({ DATABASE_URL: 'postgres://db/x', MALLOC_MMAP_THRESHOLD_: '131072' });
  });

  it("keeps an operator's own threshold", () => {
    expect(serverEnvironment({ MALLOC_MMAP_THRESHOLD_: '65536' }).MALLOC_MMAP_THRESHOLD_).toBe('65536');
  });

  it('is the systemd unit’s', () => {
    const assignments = unitLine('Environment')?.slice('Environment='.length).split(' ') ?? [];
    expect(assignments).toContain(`MALLOC_MMAP_THRESHOLD_=${serverEnvironment({}).MALLOC_MMAP_THRESHOLD_}`);
  });
});
