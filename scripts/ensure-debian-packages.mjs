// Tests drive programs from Debian's packages (Chromium for the journeys, nginx for the rolling
// restart); test tools never download binaries of their own. A missing one is installed with
// apt-get when running as root (CI), and named with its install command otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** A program the tests run: where it is (its environment variable wins) and its Debian package. */
export const CHROMIUM = {
  name: 'Chromium',
  path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  pkg: 'chromium',
  variable: 'CHROMIUM_PATH',
};
export const NGINX = {
  name: 'nginx',
  path: process.env.NGINX_PATH ?? '/usr/sbin/nginx',
  pkg: 'nginx',
  variable: 'NGINX_PATH',
};

/** Installs the packages of the programs that are missing, in one apt-get run, or exits naming them. */
export function ensureDebianPackages(programs) {
  const missing = programs.filter((program) => !existsSync(program.path));
  if (missing.length === 0) return;
  const packages = missing.map((program) => program.pkg);
  const names = missing.map((program) => `${program.name} (${program.path})`).join(', ');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Missing: ${names}. Install Debian's packages first:\n  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}\n(or set ${missing.map((program) => program.variable).join(' / ')} to an existing binary).`,
    );
    process.exit(1);
  }
  console.log(
    `Missing: ${names}: installing the Debian packages (apt-get install -y ${packages.join(' ')})…`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...packages],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(
        `apt-get ${args.join(' ')} failed; install them by hand: apt-get install -y ${packages.join(' ')}`,
      );
      process.exit(1);
    }
  }
}
