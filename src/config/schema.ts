import { z } from 'zod';
import { DEFAULT_MAX_FILE_MB, DEFAULT_MAX_JSON_MB } from '../api/transport.ts';

const url = z.url({
  error: (issue) =>
    issue.input === undefined
      ? 'required: an absolute URL such as https://example.edu'
      : 'expected an absolute URL such as https://example.edu',
});
const script = z.strictObject({
  src: z.string().min(1),
  /** Extra attributes for the <script> tag, e.g. { "data-site": "123" }. */
  attributes: z.record(z.string(), z.string()).default({}),
});

/** Spec §1 sample rates. */
export const DEFAULT_SAMPLE_RATES = { error: 1, traces: 0.25, replays: 0.1, replaysOnError: 0.5 } as const;
export const DEFAULT_RELOAD_GUARD_MS = 10_000;
/** Image variant widths: a phone's 1x to 3x and a desktop's 1x to 2x at the templates' widest (100vw). */
export const DEFAULT_IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;

const share = z.number().min(0).max(1);

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** Everything site.config.ts may say. Unknown keys are errors, so a typo never passes silently. */
export const SiteConfigSchema = z.strictObject({
  /** Public address of the site, for canonical URLs, Open Graph, sitemaps and feeds. */
  siteUrl: url,
  /** The content API. Leave it out to use the demo CMS, started in-process. */
  api: z
    .strictObject({
      baseUrl: url,
      prefix: z.string().default('/api/v1'),
      /** Address the browser uses for its own calls, when it differs from baseUrl (e.g. a CDN). */
      publicBaseUrl: url.optional(),
      dashboardUrl: url.optional(),
      redirectServiceUrl: url.optional(),
    })
    .optional(),
  /** The demo CMS used when `api` is absent. */
  demo: z
    .strictObject({
      seed: z.string().min(1).default('fieldhouse'),
      scale: z.number().int().min(1).max(50).default(1),
      /** Port `site preview` serves the demo CMS on, for the pages' own API calls. */
      port: z.number().int().min(1).max(65535).default(4000),
    })
    .default({ seed: 'fieldhouse', scale: 1, port: 4000 }),
  /**
   * Pages (and their API requests) in flight at once, retries and time-out per attempt. Concurrency defaults to
   * 24 for a configured API (what a CMS comfortably serves) and 48 for the demo CMS on loopback (enough to keep
   * every core of the build busy). The largest JSON answer and file (document, media) the build reads: a larger
   * one is not read on and fails its call, so a runaway record cannot fill the build's memory (images: 80 MB).
   */
  fetch: z
    .strictObject({
      concurrency: z.number().int().min(1).max(256).optional(),
      retries: z.number().int().min(0).max(10).default(5),
      timeoutMs: z.number().int().min(100).max(600_000).default(30_000),
      maxJsonMb: z.number().min(1).max(1024).default(DEFAULT_MAX_JSON_MB),
      maxFileMb: z.number().min(1).max(4096).default(DEFAULT_MAX_FILE_MB),
    })
    .default({ retries: 5, timeoutMs: 30_000, maxJsonMb: DEFAULT_MAX_JSON_MB, maxFileMb: DEFAULT_MAX_FILE_MB }),
  /** Name of the cookie whose value is sent as X-Oas-Identity. */
  bypassCookie: z.string().min(1).default('fh_identity'),
  errorReporting: z
    .strictObject({
      dsn: z.string().nullable().default(null),
      sampleRates: z
        .strictObject({ error: share, traces: share, replays: share, replaysOnError: share })
        .default({ ...DEFAULT_SAMPLE_RATES }),
      /** Messages (or /regex/ strings) of known third-party and extension errors that are not reported. */
      ignoreErrors: z.array(z.string()).default([]),
      /** Unhandled rejections whose request URL contains one of these are dropped silently. */
      dropRejectionUrls: z.array(z.string()).default([]),
      logLevel: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    })
    .default({
      dsn: null,
      sampleRates: { ...DEFAULT_SAMPLE_RATES },
      ignoreErrors: [],
      dropRejectionUrls: [],
      logLevel: 'info',
    }),
  scripts: z
    .strictObject({
      /** The ticket-marketing tracking script, on every page. */
      ticketMarketing: script.nullable().default(null),
      /** The heat-map analytics script and its fixed site id. */
      heatmap: z
        .strictObject({ src: z.string().min(1), siteId: z.string().min(1) })
        .nullable()
        .default(null),
      /** Scripts that load while the route matches: exact path, prefix, or a /regex/ pattern. */
      pages: z
        .array(
          script
            .extend({ path: z.string().min(1), match: z.enum(['exact', 'prefix', 'pattern']) })
            .refine((entry) => entry.match !== 'pattern' || compiles(entry.path), {
              message: 'expected a regular expression (match: "pattern"), e.g. "^/sports/[a-z-]+/tickets$"',
              path: ['path'],
            }),
        )
        .default([]),
      /** Scripts per sport slug, and the default for sports that have none. */
      sports: z
        .strictObject({ default: script.nullable().default(null), bySlug: z.record(z.string(), script).default({}) })
        .default({ default: null, bySlug: {} }),
    })
    .default({ ticketMarketing: null, heatmap: null, pages: [], sports: { default: null, bySlug: {} } }),
  theme: z
    .strictObject({
      colors: z
        .strictObject({
          primary: z.string().min(1),
          secondary: z.string().min(1),
          accent: z.string().min(1),
          text: z.string().min(1),
          background: z.string().min(1),
        })
        .default({
          primary: '#0b2545',
          secondary: '#f2a900',
          accent: '#4f7cac',
          text: '#1f2933',
          background: '#ffffff',
        }),
      fonts: z.strictObject({ body: z.string().min(1), heading: z.string().min(1) }).default({
        body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        heading: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      }),
    })
    .default({
      colors: { primary: '#0b2545', secondary: '#f2a900', accent: '#4f7cac', text: '#1f2933', background: '#ffffff' },
      fonts: {
        body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        heading: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      },
    }),
  runtime: z
    .strictObject({
      /** How often open pages check _site/builds/latest.json for a new build. */
      buildPollIntervalMs: z.number().int().min(1_000).default(60_000),
      /** 'navigation' reloads on the next link click; 'immediate' reloads at once. */
      reloadOnNewBuild: z.enum(['navigation', 'immediate']).default('navigation'),
      reloadGuardMs: z.number().int().min(0).default(DEFAULT_RELOAD_GUARD_MS),
    })
    .default({ buildPollIntervalMs: 60_000, reloadOnNewBuild: 'navigation', reloadGuardMs: DEFAULT_RELOAD_GUARD_MS }),
  /**
   * Search at /search: 'static' (default) writes a chunked index at build time that the browser queries with no
   * server; 'api' asks the content API's /search from the browser instead (for sites whose CMS ranks results).
   */
  search: z.strictObject({ provider: z.enum(['static', 'api']).default('static') }).default({ provider: 'static' }),
  /** Icon service (Iconify-style). Absent: the content API's /icons endpoint. */
  icons: z
    .strictObject({ serviceUrl: url.nullable().default(null), cacheDir: z.string().default('.cache/icons') })
    .default({ serviceUrl: null, cacheDir: '.cache/icons' }),
  /**
   * Responsive images (src/images/): each raster image a page uses is encoded at these widths in these formats
   * (plus a JPEG fallback), cached by content in `cacheDir` across builds. With `cdn`, a URL pattern of a CDN that
   * resizes on its own (`{url}`, `{width}`, `{format}`), nothing is encoded and `srcset` names the CDN's URLs.
   */
  images: z
    .strictObject({
      /** false: pages name images as the API gives them, and the build copies the files as they are. */
      enabled: z.boolean().default(true),
      widths: z
        .array(z.number().int().min(16).max(8192))
        .min(1)
        .default([...DEFAULT_IMAGE_WIDTHS])
        .transform((widths) => [...new Set(widths)].sort((a, b) => a - b)),
      formats: z
        .array(z.enum(['avif', 'webp']))
        .default(['avif', 'webp'])
        .transform((formats) => [...new Set(formats)]),
      quality: z
        .strictObject({
          avif: z.number().int().min(1).max(100).default(50),
          webp: z.number().int().min(1).max(100).default(72),
          jpeg: z.number().int().min(1).max(100).default(75),
        })
        .default({ avif: 50, webp: 72, jpeg: 75 }),
      /** AVIF encoder effort, 0 (fastest) to 9: 2 encodes a 1920 px photo ~15 times faster than 4 at ~10% more bytes. */
      avifEffort: z.number().int().min(0).max(9).default(2),
      cacheDir: z.string().default('.cache/images'),
      cdn: z
        .string()
        .refine((pattern) => pattern.includes('{url}') && pattern.includes('{width}'), {
          error:
            'expected a URL pattern naming {url} and {width}, e.g. https://cdn.example.edu/{url}?w={width}&fm={format}',
        })
        .nullable()
        .default(null),
    })
    .default({
      enabled: true,
      widths: [...DEFAULT_IMAGE_WIDTHS],
      formats: ['avif', 'webp'],
      quality: { avif: 50, webp: 72, jpeg: 75 },
      avifEffort: 2,
      cacheDir: '.cache/images',
      cdn: null,
    }),
  build: z
    .strictObject({
      outDir: z.string().min(1).default('out'),
      /** Render worker threads; 0 means one per CPU core. */
      concurrency: z.number().int().min(0).max(64).default(0),
      /** Folder of static files copied into the output as they are. */
      publicDir: z.string().default('public'),
      /**
       * With --keep-going: the share of the live site's pages the build may lose (pages that failed with no previous
       * version to keep) and still replace it. More, and the output folder is left as it was.
       */
      maxLostShare: share.default(0.05),
    })
    .default({ outDir: 'out', concurrency: 0, publicDir: 'public', maxLostShare: 0.05 }),
});

export type SiteConfigInput = z.input<typeof SiteConfigSchema>;
export type SiteConfig = z.output<typeof SiteConfigSchema>;
export type ScriptConfig = z.output<typeof script>;
