import { parentPort, type TransferListItem } from 'node:worker_threads';

/**
 * The worker side of a bounded worker (bounded-worker.ts): answers each job's message with one
 * message, one job at a time. `transfer` lists what is moved back rather than copied (a PDF's
 * bytes). A job that throws stops the worker: the job fails, and the next one starts a new worker.
 */
export function serveJobs<Job, Result>(
  file: string,
  work: (job: Job) => Promise<{ result: Result; transfer?: TransferListItem[] }>,
) {
  const port = parentPort;
  if (!port) throw new Error(`${file} runs as a worker thread`);
  port.on('message', async (job: Job) => {
    const { result, transfer } = await work(job);
    port.postMessage(result, transfer);
  });
}
