export * from './client.ts';
export * from './endpoints.ts';
export * from './query.ts';
export * from './retry.ts';
export * from './site-config-cache.ts';
export * from './sorting.ts';
export type { HttpRequest, HttpResponse, Transport } from './transport.ts';
export { createBrowserTransport } from './transport-browser.ts';
export * as schemas from './schemas/index.ts';
