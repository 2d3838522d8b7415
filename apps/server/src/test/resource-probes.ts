import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { expect } from 'vitest';

/** What the resource suites measure with (docs/performance.md, "Bounded work"). */

const MB = 1024 * 1024;
export const inMb = (bytes: number) => Math.round(bytes / MB);

/** V8's collector, asked for by name: vitest starts its workers without --expose-gc. */
v8.setFlagsFromString('--expose-gc');
export const collectGarbage = vm.runInNewContext('gc') as () => void;

/** /health's answer time at `url`, in ms: asked over a real socket, as a load balancer asks it. */
export async function healthTime(url: string) {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  expect(response.status).toBe(200);
  return performance.now() - started;
}
