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

export const ApiInvalidResponse = {
  name: 'ApiInvalidResponse',
  title: 'The content API returned data that does not match the contract.',
  message: (endpoint: string, record: string, problems: string) =>
    `${endpoint} returned an invalid ${record}: ${problems}`,
  hint: 'Fix the record in the CMS, or update docs/content-api.md and the zod schemas in src/api/schemas if the contract changed.',
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
  message: (slug: string) => `Sport not found`,
  hint: (slug: string) => `No sport has the slug "${slug}".`,
} satisfies ErrorData;

export const DemoUnknownOption = {
  name: 'DemoUnknownOption',
  title: 'A demo CMS option is out of range.',
  message: (option: string, value: string, expected: string) =>
    `Demo CMS option ${option}=${value} is not valid: expected ${expected}.`,
  hint: 'Run `site demo-api --help` for the options and their ranges.',
} satisfies ErrorData;
