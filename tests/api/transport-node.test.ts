import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createNodeTransport } from '../../src/api/transport-node.ts';
import { ResponseTooLarge, TransportError, type HttpRequest } from '../../src/api/transport.ts';

/** A loopback server answering as `handle` says; what it was asked, in order. */
async function withServer(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
  run: (origin: string, asked: string[]) => Promise<void>,
): Promise<void> {
  const asked: string[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    asked.push(req.url!);
    open.add(res);
    res.once('close', () => open.delete(res));
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked);
  } finally {
    for (const res of open) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const get = (url: string, more: Partial<HttpRequest> = {}): HttpRequest => ({
  method: 'GET',
  url,
  headers: { Accept: 'application/json' },
  timeoutMs: 5_000,
  ...more,
});

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (error: unknown) => error as Error,
  );

describe('the Node transport', () => {
  it('gives the status, the headers by lower-case name (repeated ones joined) and the whole body', async () => {
    await withServer(
      (req, res) => {
        res.writeHead(req.url === '/missing' ? 404 : 200, [
          ['Content-Type', 'application/json'],
          ['Set-Cookie', 'a=1'],
          ['Set-Cookie', 'b=2'],
          ['ETag', '"v1"'],
        ]);
        // Written in three turns, so the body comes in more than one chunk.
        res.write('{"data":[');
        setTimeout(() => res.write('"x"'.padEnd(70_000, ' ')), 5);
        setTimeout(() => res.end(']}'), 10);
      },
      async (origin) => {
        const node = createNodeTransport();
        try {
          const answer = await node.transport(get(`${origin}/v1/news?page=2`));
          expect(answer.status).toBe(200);
          expect(answer.headers['content-type']).toBe('application/json');
          expect(answer.headers.etag).toBe('"v1"');
          expect(answer.headers['set-cookie']).toBe('a=1, b=2');
          const text = Buffer.from(answer.body).toString();
          expect(text.startsWith('{"data":["x"')).toBe(true);
          expect(JSON.parse(text)).toEqual({ data: ['x'] });
          expect((await node.transport(get(`${origin}/missing`))).status).toBe(404);
        } finally {
          await node.close();
        }
      },
    );
  });

  it('sends the method, headers and body it is given', async () => {
    const seen: { method?: string; type?: string; body: string }[] = [];
    await withServer(
      (req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          seen.push({ method: req.method, type: req.headers['content-type'], body });
          res.end('{}');
        });
      },
      async (origin) => {
        const node = createNodeTransport();
        try {
          const headers = { 'Content-Type': 'application/json' };
          await node.transport({ ...get(`${origin}/forms`), method: 'POST', headers, body: '{"name":"Ann"}' });
          expect(seen).toEqual([{ method: 'POST', type: 'application/json', body: '{"name":"Ann"}' }]);
        } finally {
          await node.close();
        }
      },
    );
  });

  it('times out exactly, and never sends a request that timed out while it waited for a socket', async () => {
    await withServer(
      (req, res) => {
        if (req.url === '/hang') return; // never answers
        res.end('{}');
      },
      async (origin, asked) => {
        const node = createNodeTransport({ connections: 1 });
        try {
          const started = performance.now();
          const [hung, queued] = await Promise.all([
            caught(node.transport(get(`${origin}/hang`, { timeoutMs: 300 }))),
            caught(node.transport(get(`${origin}/queued`, { timeoutMs: 100 }))),
          ]);
          expect(queued).toBeInstanceOf(TransportError);
          expect(queued).toMatchObject({ kind: 'timeout', message: 'timed out after 100 ms' });
          expect(hung).toMatchObject({ kind: 'timeout', message: 'timed out after 300 ms' });
          expect(performance.now() - started).toBeLessThan(2_000);
          // The socket is free again: a later request is answered, and the one that timed out in the queue was
          // dropped before it was written.
          expect((await node.transport(get(`${origin}/after`))).status).toBe(200);
          expect(asked).toEqual(['/hang', '/after']);
        } finally {
          await node.close();
        }
      },
    );
  });

  it('stops at maxBytes, by the announced length or by the bytes as they come, and hangs up', async () => {
    const cut: string[] = [];
    await withServer(
      (req, res) => {
        res.once('close', () => {
          if (!res.writableFinished) cut.push(req.url!);
        });
        // 16 MB, more than the sockets' buffers hold, so a hang-up cuts it short; /whole is 640 KB.
        const chunks = req.url === '/whole' ? 10 : 256;
        const chunk = Buffer.alloc(65_536, 'x');
        if (req.url === '/announced') res.writeHead(200, { 'Content-Length': String(chunks * chunk.length) });
        let sent = 0;
        const pump = () => {
          while (!res.destroyed && sent < chunks) {
            sent++;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          if (!res.destroyed) res.end();
        };
        pump();
      },
      async (origin) => {
        const node = createNodeTransport();
        try {
          const announced = await caught(node.transport(get(`${origin}/announced`, { maxBytes: 100_000 })));
          expect(announced).toBeInstanceOf(ResponseTooLarge);
          expect(announced.message).toBe('the answer is 16 MB, over the 100000 bytes the caller takes');
          const streamed = await caught(node.transport(get(`${origin}/streamed`, { maxBytes: 100_000 })));
          expect(streamed.message).toBe('the answer is more than 0.1 MB, over the 100000 bytes the caller takes');
          const whole = await node.transport(get(`${origin}/whole`, { maxBytes: 10 * 65_536 }));
          expect(whole.body.byteLength).toBe(10 * 65_536);
          await expect.poll(() => cut.sort()).toEqual(['/announced', '/streamed']);
        } finally {
          await node.close();
        }
      },
    );
  });

  it('settles at once, and sends nothing, when undici refuses the request itself', async () => {
    await withServer(
      (_req, res) => res.end('{}'),
      async (origin, asked) => {
        const node = createNodeTransport();
        try {
          const started = performance.now();
          const refused = await caught(
            node.transport(get(`${origin}/v1/news`, { headers: { 'X-Id': 'a\r\nInjected: yes' }, timeoutMs: 4_000 })),
          );
          expect(refused.message).toMatch(/invalid X-Id header/);
          expect(performance.now() - started).toBeLessThan(1_000);
          expect(asked).toEqual([]);
        } finally {
          await node.close();
        }
      },
    );
  });

  it('reports an answer cut off in its body as a network failure, not as a short answer', async () => {
    await withServer(
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
        res.write('{"data":"');
        setTimeout(() => res.socket!.destroy(), 10);
      },
      async (origin) => {
        const node = createNodeTransport();
        try {
          const cut = await caught(node.transport(get(`${origin}/v1/news`)));
          expect(cut).toBeInstanceOf(TransportError);
          expect(cut).toMatchObject({ kind: 'network' });
        } finally {
          await node.close();
        }
      },
    );
  });

  it('reports a refused connection as a network failure', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const node = createNodeTransport();
    try {
      const refused = await caught(node.transport(get(`http://127.0.0.1:${port}/v1/news`)));
      expect(refused).toBeInstanceOf(TransportError);
      expect(refused).toMatchObject({ kind: 'network' });
      expect(refused.message).toMatch(/ECONNREFUSED/);
    } finally {
      await node.close();
    }
  });
});
