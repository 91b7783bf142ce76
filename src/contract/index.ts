/** The contract between the build and the browser: plain data types, no code. */
export type * from './site.ts';
export type * from './page.ts';
