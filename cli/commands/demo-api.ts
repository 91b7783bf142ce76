import type { Command } from 'commander';
import { DEMO_BYPASS_COOKIE, DEMO_DEFAULT_PORT, startDemoServer } from '../../src/demo/server/server.ts';
import { PreviewPortInUse } from '../../src/errors/catalogue.ts';
import { createError } from '../../src/errors/error.ts';
import { EDITOR_IDENTITY } from '../../src/demo/generate/site.ts';
import { DEFAULT_SEED } from '../../src/demo/dataset.ts';
import { createLogger } from '../../src/logger/logger.ts';
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
}

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
    .option('--verbose', 'log every request')
    .addHelpText(
      'after',
      `\nThe editor identity is "${EDITOR_IDENTITY}": send it as the X-Oas-Identity header or the ${DEMO_BYPASS_COOKIE} cookie.`,
    )
    .action(async (options: DemoApiOptions) => {
      const logger = createLogger();
      const started = performance.now();
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
