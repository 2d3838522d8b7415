// End-to-end journeys drive Debian's Chromium; test tools never download a browser of their own.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is missing at ${CHROMIUM}. Install Debian's package first:\n  sudo apt-get update && sudo apt-get install -y chromium\n(or set CHROMIUM_PATH to an existing Chromium binary).`,
    );
    process.exit(1);
  }
  console.log('Chromium is missing: installing the Debian package (apt-get install -y chromium)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(
        `apt-get ${args.join(' ')} failed; install Chromium by hand: apt-get install -y chromium`,
      );
      process.exit(1);
    }
  }
}
