import { describe, expect, it } from 'vitest';
import { batched } from './batches';

/** A run that records its batches and answers when told to, each item doubled (or failing). */
function recordedRun(fails: (item: number) => boolean = () => false) {
  const batches: number[][] = [];
  const pending: Array<() => void> = [];
  const run = (items: readonly number[]) => {
    batches.push([...items]);
    return new Promise<number[]>((resolve, reject) => {
      pending.push(() => {
        const failing = items.find(fails);
        if (failing === undefined) resolve(items.map((item) => item * 2));
        else reject(new Error(`item ${failing} failed`));
      });
    });
  };
  /** Answers every run under way, then lets the batcher start the next ones. */
  const answerAll = async () => {
    for (const answer of pending.splice(0)) answer();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { run, batches, answerAll };
}

describe('batched', () => {
  it('runs an item at once when a run is free, and groups those that waited, up to the most a batch', async () => {
    const { run, batches, answerAll } = recordedRun();
    const submit = batched(run, { concurrency: 2, maxBatch: 3 });

    const answers = Promise.all([1, 2, 3, 4, 5, 6, 7].map(submit));
    expect(batches).toEqual([[1], [2]]);
    await answerAll();
    expect(batches).toEqual([[1], [2], [3, 4, 5], [6, 7]]);
    await answerAll();
    expect(await answers).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(batches).toHaveLength(4);
  });

  it('runs each item of a failed batch again alone: one item’s error is its own', async () => {
    const { run, batches, answerAll } = recordedRun((item) => item === 3);
    const submit = batched(run, { concurrency: 1, maxBatch: 8 });

    const answers = [1, 2, 3, 4].map((item) => submit(item).catch((error: Error) => error.message));
    await answerAll();
    await answerAll();
    await answerAll();
    expect(batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    expect(await Promise.all(answers)).toEqual([2, 4, 'item 3 failed', 8]);
  });
});
