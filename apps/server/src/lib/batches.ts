/**
 * Group commit, in the application: callers hand in one item each and `run` writes several at
 * once. At most `concurrency` runs are under way; an item that arrives while all are busy waits
 * and goes with the others that waited into the next free run, up to `maxBatch` of them. A quiet
 * moment therefore costs no wait (an item runs at once, alone), and a rush fills the batches.
 *
 * A run that fails for a batch of several is run again for each of its items alone, so that one
 * item's error (or a deadlock that undid the batch) is its own and never its neighbours'. Those
 * runs go at once, side by side, in the failed run's place: a rare path, not worth a queue.
 */
export function batched<In, Out>(
  run: (items: readonly In[]) => Promise<readonly Out[]>,
  options: { concurrency: number; maxBatch: number },
): (item: In) => Promise<Out> {
  type Waiting = { item: In; resolve: (out: Out) => void; reject: (error: unknown) => void };
  const queue: Waiting[] = [];
  let running = 0;

  async function runBatch(batch: Waiting[]) {
    running += 1;
    try {
      const outs = await run(batch.map((waiting) => waiting.item));
      for (const [index, waiting] of batch.entries()) waiting.resolve(outs[index] as Out);
    } catch (error) {
      if (batch.length === 1) batch[0]?.reject(error);
      else
        await Promise.all(
          batch.map((waiting) =>
            run([waiting.item]).then((outs) => waiting.resolve(outs[0] as Out), waiting.reject),
          ),
        );
    } finally {
      running -= 1;
      next();
    }
  }

  function next() {
    while (running < options.concurrency && queue.length > 0)
      void runBatch(queue.splice(0, options.maxBatch));
  }

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      next();
    });
}
