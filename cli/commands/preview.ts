import { resolve } from 'node:path';
import type { Command } from 'commander';
import { loadConfig } from '../../src/config/load.ts';
import { createLogger } from '../../src/logger/logger.ts';
import { DEFAULT_PREVIEW_PORT, startPreview } from '../../src/preview/server.ts';
import { integerIn } from '../options.ts';

interface PreviewFlags {
  config?: string;
  out?: string;
  port?: number;
  host: string;
}

export function registerPreview(program: Command): void {
  program
    .command('preview')
    .description('Serve the built site on this machine, with the demo CMS beside it when the site uses it.')
    .option('--config <file>', 'config file', 'site.config.ts')
    .option('--out <dir>', 'the built site (default: build.outDir of the config, "out")')
    .option(
      '--port <port>',
      `port to listen on (default ${DEFAULT_PREVIEW_PORT}, or a free one when it is busy)`,
      integerIn(0, 65535),
    )
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .addHelpText(
      'after',
      '\nExit codes: 0 stopped with Ctrl-C, 1 could not start (no build, port in use), 2 bad usage or configuration.',
    )
    .action(async (flags: PreviewFlags) => {
      const logger = createLogger();
      const { config, root } = await loadConfig({ file: flags.config });
      const outDir = resolve(root, flags.out ?? config.build.outDir);
      const preview = await startPreview({
        outDir,
        port: flags.port,
        host: flags.host,
        demo: config.api ? null : { port: config.demo.port, seed: config.demo.seed, scale: config.demo.scale },
        redirectServiceUrl: config.api?.redirectServiceUrl ?? null,
      });
      for (const note of preview.notes) logger.warn('preview', note);
      logger.info('preview', `serving ${outDir}`);
      logger.info('preview', `site      ${preview.url}`);
      if (preview.demo) logger.info('preview', `demo CMS  ${preview.demo.origin}${preview.demo.apiPrefix}`);
      logger.info('preview', 'press Ctrl-C to stop');
      await new Promise<void>((done) => {
        process.once('SIGINT', () => done());
        process.once('SIGTERM', () => done());
      });
      await preview.close();
      logger.info('preview', 'stopped');
    });
}
