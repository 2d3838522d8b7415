import http from 'node:http';

// One keep-alive pool for the bench's own calls (set-up and status changes), as a client would.
const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

export type JsonResponse = { status: number; body: unknown };

/** A JSON request over loopback; rejects only on a network error or after `timeoutMs`. */
export function requestJson(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown; timeoutMs?: number } = {},
): Promise<JsonResponse> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        agent,
        method: options.method ?? 'GET',
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {}
          resolve({ status: response.statusCode ?? 0, body });
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${options.method ?? 'GET'} ${url}: timed out`)));
    request.on('error', reject);
    request.end(payload);
  });
}

/** Throws with the answer when the status is not the expected one. */
export function expectStatus(response: JsonResponse, status: number, what: string): void {
  if (response.status !== status) {
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
  }
}

/** Runs task(0..count-1) with at most `concurrency` at once; results in index order. */
export async function inPool<T>(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const runners = Array.from({ length: Math.min(concurrency, count) }, async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  });
  await Promise.all(runners);
  return results;
}

/**
 * A distinct client address per simulated person, as a reverse proxy reports it in
 * X-Forwarded-For (the server runs with TRUST_PROXY): per-address limits then see many phones.
 */
export function clientAddress(kind: 'diner' | 'owner', index: number): string {
  const base = kind === 'diner' ? 10 : 172;
  return `${base}.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}
