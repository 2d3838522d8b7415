import { describe, expect, it } from 'vitest';
import { createBoundedLine } from './bounded-line';

/** A task that finishes when told to. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, task: () => opened };
}

describe('a bounded line (docs/performance.md, "Bounded work")', () => {
  it('runs at most `running` at once, keeps `waiting` in order, refuses the next at once, and takes callers again once it clears', async () => {
    const refused = new Error('busy');
    const line = createBoundedLine({ running: 2, waiting: 1, refuse: () => refused });
    const started: number[] = [];
    const gates = [gate(), gate(), gate()];
    const runs = gates.map((g, index) =>
      line.run(async () => {
        started.push(index);
        await g.task();
        return index;
      }),
    );
    expect(line.size).toEqual({ running: 2, waiting: 1 });
    await expect(line.run(async () => 'late')).rejects.toBe(refused);
    gates[1]!.open();
    expect(await runs[1]).toBe(1);
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    gates[2]!.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(line.size).toEqual({ running: 0, waiting: 0 });
    expect(await line.run(async () => 'again')).toBe('again');
  });

  it('frees the place of a task that fails', async () => {
    const line = createBoundedLine({ waiting: 0, refuse: () => new Error('busy') });
    await expect(
      line.run(async () => {
        throw new Error('not found');
      }),
    ).rejects.toThrow('not found');
    expect(await line.run(async () => 'next')).toBe('next');
  });
});
