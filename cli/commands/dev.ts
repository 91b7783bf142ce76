import type { Command } from 'commander';
import { loadConfig } from '../../src/config/load.ts';
import { DEFAULT_DEV_PORT, startDevServer } from '../../src/dev/server.ts';
import { createLogger } from '../../src/logger/logger.ts';
import { integerIn } from '../options.ts';

interface DevFlags {
  config?: string;
  port?: number;
  host: string;
  verbose?: boolean;
}

export function registerDev(program: Command): void {
  program
    .command('dev')
    .description(
      'Serve the site rendered page by page from the API as you work on it: a change to a template, the runtime, a page source, a stylesheet, public/ or the config reloads the open page (the demo CMS when no API is configured).',
    )
    .option('--config <file>', 'config file', 'site.config.ts')
    .option(
      '--port <port>',
      `port to listen on (default ${DEFAULT_DEV_PORT}, or a free one when it is busy)`,
      integerIn(0, 65535),
    )
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--verbose', 'show every warning and API retry')
    .addHelpText(
      'after',
      '\nEvery page is rendered when it is asked for, by the same page sources, templates and runtime as `site build`;' +
        '\nerrors show in the page and here, and the next good change clears them. The search index, feeds and sitemap' +
        '\nneed the whole site: use `site build` and `site preview` for those.' +
        '\n\nExit codes: 0 stopped with Ctrl-C, 1 could not start (port in use), 2 bad usage or configuration.',
    )
    .action(async (flags: DevFlags) => {
      const started = performance.now();
      const logger = createLogger({ level: flags.verbose ? 'debug' : 'info' });
      const { config, root, file } = await loadConfig({ file: flags.config });
      const dev = await startDevServer({
        config,
        root,
        configFile: file,
        reloadConfig: async () => (await loadConfig({ file: flags.config })).config,
        port: flags.port,
        host: flags.host,
        logger,
      });
      for (const note of dev.notes) logger.warn('dev', note);
      if (dev.demo) logger.info('dev', `demo CMS  ${dev.demo.origin}${dev.demo.apiPrefix}`);
      logger.info('dev', `ready in ${Math.round(performance.now() - started)} ms: ${dev.url}`);
      logger.info('dev', 'watching templates/, runtime/, src/, public/ and the config; press Ctrl-C to stop');
      await new Promise<void>((done) => {
        process.once('SIGINT', () => done());
        process.once('SIGTERM', () => done());
      });
      await dev.close();
      logger.info('dev', 'stopped');
    });
}
