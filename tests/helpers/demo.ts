import { createApiClient, createContentApi, type ApiClientOptions } from '../../src/api/index.ts';
import type { HttpRequest, Transport } from '../../src/api/transport.ts';
import { createNodeTransport } from '../../src/api/transport-node.ts';
import { generateDataset, type Dataset } from '../../src/demo/dataset.ts';
import { startDemoServer, type DemoServer } from '../../src/demo/server/server.ts';

let shared: Dataset | undefined;
/** One scale-1 dataset per test file: generating it takes a few hundred milliseconds. */
export function demoDataset(): Dataset {
  shared ??= generateDataset();
  return shared;
}

let small: Dataset | undefined;
/**
 * The small department (three seasons, every shape of season: 5,300 pages, where scale 1 has 12,600), for tests that
 * build the whole site several times: what they prove does not need six seasons, and each build costs less than half.
 */
export function smallDepartment(): Dataset {
  small ??= generateDataset({ seasons: SMALL_DEPARTMENT_SEASONS });
  return small;
}
export const SMALL_DEPARTMENT_SEASONS = 3;

export async function startDemo(options: Parameters<typeof startDemoServer>[0] = {}): Promise<DemoServer> {
  return startDemoServer({ dataset: demoDataset(), ...options });
}

/** The real undici transport, recording each request it sends. */
export function recordingTransport() {
  const node = createNodeTransport();
  const sent: HttpRequest[] = [];
  const transport: Transport = (request) => {
    sent.push(request);
    return node.transport(request);
  };
  return { transport, sent, close: node.close };
}

export function clientFor(server: DemoServer, transport: Transport, options: Partial<ApiClientOptions> = {}) {
  const client = createApiClient({
    baseUrl: server.origin,
    prefix: server.apiPrefix,
    transport,
    retry: { baseDelayMs: 5, maxDelayMs: 50 },
    ...options,
  });
  const api = createContentApi(client, {
    dashboardApiUrl: server.dashboardApiUrl,
    redirectServiceUrl: server.redirectServiceUrl,
  });
  return { client, api };
}
