import type { Command } from 'commander';
import { DEMO_BYPASS_COOKIE, DEMO_DEFAULT_PORT, startDemoServer } from '../../src/demo/server/server.ts';
import { PreviewPortInUse } from '../../src/errors/catalogue.ts';
import { createError } from '../../src/errors/error.ts';
import { EDITOR_IDENTITY } from '../../src/demo/generate/site.ts';
import { DEFAULT_SEED } from '../../src/demo/dataset.ts';
import { createLogger } from '../../src/logger/logger.ts';
import { resolve } from 'node:path';
import { DEMO_EDIT_TOKEN } from '../../src/demo/cms/cms.ts';
import { fraction, integerIn } from '../options.ts';

interface DemoApiOptions {
  port?: number;
  host: string;
  scale: number;
  seed: string;
  latency?: number;
  errorRate?: number;
  resetRate?: number;
  malformedRate?: number;
  leaky?: boolean;
  verbose?: boolean;
  store?: string;
  editToken?: string;
  webhook: string[];
  webhookSecret?: string;
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerDemoApi(program: Command): void {
  program
    .command('demo-api')
    .description('Serve the demo CMS: the whole content API with a generated athletics department, on loopback.')
    .option(
      '--port <port>',
      `port to listen on (default ${DEMO_DEFAULT_PORT}, or a free one when it is busy; 0 picks a free one)`,
      integerIn(0, 65535),
    )
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--scale <n>', 'dataset size: 6 seasons of history per unit (10 gives 50,000+ routes)', integerIn(1, 50), 1)
    .option('--seed <seed>', 'dataset seed: the same seed gives the same data, byte for byte', DEFAULT_SEED)
    .option('--latency <ms>', 'fault injection: extra latency per API answer', integerIn(0, 60_000))
    .option('--error-rate <share>', 'fault injection: share of answers replaced by 503', fraction)
    .option('--reset-rate <share>', 'fault injection: share of connections reset without an answer', fraction)
    .option('--malformed-rate <share>', 'fault injection: share of JSON answers cut short', fraction)
    .option('--leaky', 'answer like a careless CMS: drafts, private records and protected bodies in public answers')
    .option('--store <folder>', 'keep edits made through the write API in this folder, and replay them at start')
    .option('--edit-token <token>', `the write API's bearer token (default "${DEMO_EDIT_TOKEN}")`)
    .option('--webhook <url>', 'POST a signed webhook to this URL on every change (repeatable)', collect, [])
    .option('--webhook-secret <secret>', "the webhooks' signing secret (or FIELDHOUSE_WEBHOOK_SECRET)")
    .option('--verbose', 'log every request')
    .addHelpText(
      'after',
      `\nThe editor identity is "${EDITOR_IDENTITY}": send it as the X-Oas-Identity header or the ${DEMO_BYPASS_COOKIE} cookie.`,
    )
    .action(async (options: DemoApiOptions) => {
      const logger = createLogger();
      const started = performance.now();
      const secret = options.webhookSecret ?? process.env.FIELDHOUSE_WEBHOOK_SECRET ?? '';
      if (options.webhook.length && !secret)
        throw new Error(
          'Webhooks need a signing secret: pass --webhook-secret <secret> or set FIELDHOUSE_WEBHOOK_SECRET (the receiver needs the same).',
        );
      const start = (port: number) =>
        startDemoServer({
          port,
          host: options.host,
          scale: options.scale,
          seed: options.seed,
          faults: {
            latencyMs: options.latency,
            errorRate: options.errorRate,
            resetRate: options.resetRate,
            malformedRate: options.malformedRate,
          },
          leaky: options.leaky,
          store: options.store ? resolve(options.store) : null,
          editToken: options.editToken,
          webhooks: options.webhook.map((url) => ({ url, secret })),
          logChanges: (line) => logger.info('demo-api', line),
          log: options.verbose ? (line) => logger.info('demo-api', line) : undefined,
        });
      // The default port gives way to a free one when another program holds it; a port asked for does not.
      const server = await start(options.port ?? DEMO_DEFAULT_PORT).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EADDRINUSE') throw error;
        if (options.port !== undefined) throw createError(PreviewPortInUse, ['demo CMS', options.port]);
        logger.warn(
          'demo-api',
          `port ${DEMO_DEFAULT_PORT} is busy (another demo CMS?): listening on a free port instead`,
        );
        return start(0);
      });
      const d = server.dataset;
      logger.info(
        'demo-api',
        `generated ${d.sports.length} sports, ${d.seasons.length} seasons, ${d.players.length.toLocaleString('en-US')} players, ${d.articles.length.toLocaleString('en-US')} articles in ${Math.round(performance.now() - started)} ms (seed "${d.seed}", scale ${d.scale})`,
      );
      logger.info('demo-api', `content API      ${server.origin}${server.apiPrefix}`);
      logger.info('demo-api', `dashboard API    ${server.dashboardApiUrl}`);
      logger.info('demo-api', `redirect service ${server.redirectServiceUrl}`);
      logger.info(
        'demo-api',
        `write API        Authorization: Bearer ${options.editToken ?? DEMO_EDIT_TOKEN}; change feed ${server.origin}${server.apiPrefix}/changes (${server.cms.log.latest} changes${options.store ? ` kept in ${options.store}` : ', in memory'})`,
      );
      for (const url of options.webhook) logger.info('demo-api', `webhooks to      ${url}`);
      logger.info('demo-api', 'press Ctrl-C to stop');
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await server.close();
      logger.info('demo-api', `stopped after ${server.requests.toLocaleString('en-US')} requests`);
    });
}
