/**
 * The error catalogue. Each entry has a permanent `name` (the code users search for), a message that says
 * what happened and a hint that says what to do. Messages are functions of the facts they need, so every
 * error names the URL, record, field or config key involved.
 */
export interface ErrorData {
  name: string;
  title: string;
  message: string | ((...args: never[]) => string);
  hint?: string | ((...args: never[]) => string);
}

export const ApiHttpError = {
  name: 'ApiHttpError',
  title: 'The content API answered with an error.',
  message: (method: string, url: string, status: number, serverMessage: string) =>
    `${method} ${url} answered ${status}: ${serverMessage}`,
  hint: 'Check that the API is up and that the record exists; 403 means the API refused access (check the identity cookie and API keys).',
} satisfies ErrorData;

export const ApiNetworkError = {
  name: 'ApiNetworkError',
  title: 'The content API could not be reached.',
  message: (method: string, url: string, reason: string, attempts: number) =>
    `${method} ${url} failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${reason}`,
  hint: 'Check the API base URL in site.config.ts and that the server is reachable from this machine.',
} satisfies ErrorData;

export const ApiResponseTooLarge = {
  name: 'ApiResponseTooLarge',
  title: 'The content API sent an answer larger than the build accepts.',
  message: (method: string, url: string, size: string, limit: string, what: string) =>
    `${method} ${url} sent ${size}, over the ${limit} ${what}; the rest was not read`,
  hint: 'A runaway record or a wrong URL (a video or an archive where a photo belongs) is the usual cause: fix it in the CMS. If the file is meant to be that large, raise fetch.maxJsonMb or fetch.maxFileMb in site.config.ts.',
} satisfies ErrorData;

export const ApiUnreachable = {
  name: 'ApiUnreachable',
  title: 'The content API could not be reached at all.',
  message: (where: string, reason: string) => `Cannot reach the content API at ${where}: ${reason}`,
  hint: 'Check api.baseUrl (and api.prefix) in site.config.ts, and that the API is up and reachable from this machine. Without an `api` key the build uses the demo CMS.',
} satisfies ErrorData;

export const ApiInvalidResponse = {
  name: 'ApiInvalidResponse',
  title: 'The content API returned data that does not match the contract.',
  message: (endpoint: string, record: string, problems: string) =>
    `${endpoint} returned an invalid ${record}: ${problems}`,
  hint: 'Fix the record in the CMS, or update docs/content-api.md and the zod schemas in src/api/schemas if the contract changed.',
} satisfies ErrorData;

export const RecordNotPublic = {
  name: 'RecordNotPublic',
  title: 'The content API answered a record that is not public.',
  message: (endpoint: string, record: string, reason: string) =>
    `${endpoint} answered ${record}, which is not public (${reason}): it is not built.`,
  hint: 'Only published, public records are built. Publish it in the CMS, or have the API leave unpublished records out of its public answers.',
} satisfies ErrorData;

export const ApiNotJson = {
  name: 'ApiNotJson',
  title: 'The content API returned a body that is not JSON.',
  message: (endpoint: string, snippet: string) => `${endpoint} returned a body that is not valid JSON: ${snippet}`,
  hint: 'Check the API base URL and prefix: the request may have reached an HTML page or a proxy error page.',
} satisfies ErrorData;

export const RedirectBaseUrlMissing = {
  name: 'RedirectBaseUrlMissing',
  title: 'Redirect base url is not set.',
  message: () => 'Redirect base url is not set.',
  hint: 'Set `redirectServiceUrl` in site.config.ts, or leave the API unset to use the demo CMS.',
} satisfies ErrorData;

export const DashboardUrlMissing = {
  name: 'DashboardUrlMissing',
  title: 'Dashboard API url is not set.',
  message: () => 'Dashboard API url is not set.',
  hint: 'Set `dashboardApiUrl` in site.config.ts.',
} satisfies ErrorData;

export const NotFound = {
  name: 'NotFound',
  title: 'Not found',
  message: (path: string) => `Page Not Found: ${path}`,
  hint: 'Check the address; the path matched no route or its parameters failed validation.',
} satisfies ErrorData;

export const SportNotFound = {
  name: 'SportNotFound',
  title: 'Sport not found',
  message: (_slug: string) => 'Sport not found',
  hint: (slug: string) => `No sport has the slug "${slug}".`,
} satisfies ErrorData;

export const DemoUnknownOption = {
  name: 'DemoUnknownOption',
  title: 'A demo CMS option is out of range.',
  message: (option: string, value: string, expected: string) =>
    `Demo CMS option ${option}=${value} is not valid: expected ${expected}.`,
  hint: 'Run `site demo-api --help` for the options and their ranges.',
} satisfies ErrorData;

export const ConfigNotFound = {
  name: 'ConfigNotFound',
  title: 'The config file does not exist.',
  message: (file: string) => `Config file not found: ${file}`,
  hint: 'Check the --config path, or run without it to use site.config.ts in the current folder.',
} satisfies ErrorData;

export const ConfigLoadFailed = {
  name: 'ConfigLoadFailed',
  title: 'The config file could not be loaded.',
  message: (file: string, reason: string) => `Could not load ${file}: ${reason}`,
  hint: 'Fix the syntax error or import in the config file; it must `export default defineConfig({ … })`.',
} satisfies ErrorData;

export const ConfigInvalid = {
  name: 'ConfigInvalid',
  title: 'The site config has invalid values.',
  message: (source: string, problems: string[]) => `Invalid site config (${source}):\n  - ${problems.join('\n  - ')}`,
  hint: 'Fix the keys listed above; README.md has the configuration reference.',
} satisfies ErrorData;

export const UnsafeOutputPath = {
  name: 'UnsafeOutputPath',
  title: 'A record would be written outside the output folder.',
  message: (path: string, record: string) =>
    `Refused ${record}: its path "${path}" would resolve outside the output folder.`,
  hint: 'Fix the slug of that record in the CMS: slugs are lowercase letters and digits separated by single hyphens.',
} satisfies ErrorData;

export const OutputNotOurs = {
  name: 'OutputNotOurs',
  title: 'The output folder is not one the build may replace.',
  message: (folder: string, reason: string) =>
    `Refusing to write the site into ${folder}: ${reason}. Nothing was changed.`,
  hint: 'Choose an empty or new folder with --out (or build.outDir in site.config.ts). The build replaces only folders it wrote itself (they carry a .fieldhouse-output file).',
} satisfies ErrorData;

export const WorkerOutOfMemory = {
  name: 'WorkerOutOfMemory',
  title: 'A render worker ran out of memory.',
  message: (heapMb: number) =>
    `A render worker ran out of its ${heapMb} MB heap (pages or shared API answers larger than expected).`,
  hint: 'Raise WORKER_HEAP_MB in src/build/render/pool.ts, or look for a record far larger than the others (an all-time roster, a body).',
} satisfies ErrorData;

export const BuildFailed = {
  name: 'BuildFailed',
  title: 'The build failed.',
  message: (failed: number, first: string) =>
    `The build failed: ${failed} page${failed === 1 ? '' : 's'} could not be built (first: ${first}). The previous output was left as it was.`,
  hint: 'Fix the errors listed above and build again; --keep-going writes the pages that did build.',
} satisfies ErrorData;

export const BuildLostPages = {
  name: 'BuildLostPages',
  title: "The build would lose too many of the live site's pages.",
  message: (lost: number, previous: number, share: number) =>
    `${lost} page(s) failed with no previous version to keep, more than ${Math.round(share * 100)}% of the ${previous} pages of the site now in the output folder: it was not replaced.`,
  hint: 'Fix the failures listed above (often one endpoint answering errors) and build again, or raise build.maxLostShare in site.config.ts to accept the loss.',
} satisfies ErrorData;

export const BuildBrokenLinks = {
  name: 'BuildBrokenLinks',
  title: 'Pages link to pages the site does not have.',
  message: (count: number) =>
    `${count} internal link(s) lead to no page, file or redirect of the site (listed above); with --strict the output folder was not replaced.`,
  hint: 'Each warning names the page holding the link and its target: fix the record (a menu item, a link in rich text) or add a redirect, or build without --strict to publish anyway.',
} satisfies ErrorData;

export const PreviewNoBuild = {
  name: 'PreviewNoBuild',
  title: 'There is no built site to preview.',
  message: (outDir: string) => `No built site in ${outDir} (serve.json is missing).`,
  hint: 'Run `npx site build` first, or pass --out with the folder you built into.',
} satisfies ErrorData;

export const PreviewPortInUse = {
  name: 'PreviewPortInUse',
  title: 'A port is already in use.',
  message: (what: string, port: number) => `Cannot start the ${what}: port ${port} is already in use.`,
  hint: 'Stop the other server (another `site preview` or `site demo-api`?), or choose another port with --port (demo.port in site.config.ts for the demo CMS).',
} satisfies ErrorData;
