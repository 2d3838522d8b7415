import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverNodeArgs } from './server-node-args.mjs';

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
    const unit = readFileSync(new URL('../deploy/systemd/tableserve@.service', import.meta.url), 'utf8');
    const execStart = unit.split('\n').find((line) => line.startsWith('ExecStart='));
    expect(execStart).toBe(
      `ExecStart=/usr/bin/node ${serverNodeArgs({ DATABASE_URL: 'postgres://db/x' }).join(' ')} apps/server/dist/server.js`,
    );
  });
});
