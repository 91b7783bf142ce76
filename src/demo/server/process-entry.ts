import { startDemoServer, type DemoServerOptions } from './server.ts';

/** Runs the demo CMS in a child process: see thread.ts. */
const options = JSON.parse(process.argv[2] ?? '{}') as DemoServerOptions;
const server = await startDemoServer(options);
process.on('message', (message: string) => {
  if (message === 'close') void server.close().then(() => process.exit(0));
});
process.on('disconnect', () => void server.close().then(() => process.exit(0)));
process.send!({
  type: 'ready',
  origin: server.origin,
  apiPrefix: server.apiPrefix,
  dashboardApiUrl: server.dashboardApiUrl,
  redirectServiceUrl: server.redirectServiceUrl,
});
