import { createServer, request, Agent, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRandom } from '../../src/demo/random.ts';

/** What a flaky network and a flaky API do to a request, each a share of the faults injected. */
export type FaultKind = 'unavailable' | 'bad-gateway' | 'too-many' | 'reset' | 'cut-off' | 'garbled';
const KINDS: readonly [FaultKind, number][] = [
  ['unavailable', 0.3], // 503
  ['bad-gateway', 0.15], // 502
  ['too-many', 0.15], // 429, Retry-After: 0
  ['reset', 0.15], // the connection closes without an answer
  ['cut-off', 0.15], // the connection closes halfway through the body (its Content-Length promised more)
  ['garbled', 0.1], // a JSON answer cut in half, sent whole (a broken proxy or server: invalid JSON, right length)
];

export interface FaultProxy {
  origin: string;
  /** Requests forwarded or answered, and faults injected by kind. */
  readonly stats: { requests: number; injected: number; byKind: Record<FaultKind, number> };
  /** Share of requests that get a fault, from now on. */
  setRate(rate: number): void;
  /** Rewrite answers on their way back (a hostile API): the new body for a path, or null to leave it. */
  setRewrite(rewrite: ((path: string, body: Buffer) => Buffer | null) | null): void;
  close(): Promise<void>;
}

/**
 * A real HTTP proxy on loopback in front of any API (the demo CMS in the tests), injecting the faults of a bad
 * network between the build and its API at a seeded rate, so a run can be repeated.
 */
export async function startFaultProxy(options: { target: string; rate?: number; seed?: string }): Promise<FaultProxy> {
  const target = new URL(options.target);
  const random = createRandom(options.seed ?? 'fault-proxy');
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  let rate = options.rate ?? 0;
  let rewrite: ((path: string, body: Buffer) => Buffer | null) | null = null;
  const stats = {
    requests: 0,
    injected: 0,
    byKind: { unavailable: 0, 'bad-gateway': 0, 'too-many': 0, reset: 0, 'cut-off': 0, garbled: 0 } as Record<
      FaultKind,
      number
    >,
  };
  const pick = (): FaultKind => {
    let roll = random.next();
    for (const [kind, share] of KINDS) {
      if ((roll -= share) < 0) return kind;
    }
    return 'unavailable';
  };

  const server = createServer((req, res) => {
    stats.requests++;
    const fault = rate > 0 && random.next() < rate ? pick() : null;
    if (fault) {
      stats.injected++;
      stats.byKind[fault]++;
    }
    if (fault === 'reset') return void req.socket.destroy();
    if (fault === 'unavailable' || fault === 'bad-gateway' || fault === 'too-many') {
      const status = { unavailable: 503, 'bad-gateway': 502, 'too-many': 429 }[fault];
      res.writeHead(status, { 'Content-Type': 'application/json', ...(status === 429 ? { 'Retry-After': '0' } : {}) });
      return void res.end(JSON.stringify({ message: `Injected ${status} (fault proxy).` }));
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const upstream = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: target.host },
        },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (part: Buffer) => parts.push(part));
          answer.on('end', () => {
            let body: Buffer = Buffer.concat(parts);
            const path = new URL(req.url ?? '/', target).pathname;
            body = rewrite?.(path, body) ?? body;
            const json = String(answer.headers['content-type'] ?? '').includes('json');
            if (fault === 'garbled' && json && body.byteLength > 1) body = body.subarray(0, body.byteLength >> 1);
            const headers: IncomingHttpHeaders = { ...answer.headers, 'content-length': String(body.byteLength) };
            delete headers['transfer-encoding'];
            delete headers.etag;
            res.writeHead(answer.statusCode ?? 502, headers);
            if ((fault === 'cut-off' || (fault === 'garbled' && !json)) && body.byteLength > 1) {
              res.write(body.subarray(0, body.byteLength >> 1));
              return void setImmediate(() => res.destroy());
            }
            res.end(body);
          });
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stats,
    setRate: (next) => void (rate = next),
    setRewrite: (next) => void (rewrite = next),
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
