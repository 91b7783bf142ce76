import { existsSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';

/** What changed, by what `site dev` must do about it. */
export interface DevChange {
  /** Stylesheets only: the browser bundle again, and the pages swap their stylesheet. */
  css: boolean;
  /** Templates, runtime or page sources: both bundles again and a reload. */
  code: boolean;
  /** site.config.ts: the config and the site data again. */
  config: boolean;
  /** public/ files: served as they are, a reload shows them. */
  public: boolean;
  /** The files, relative to the project, for the log. */
  files: string[];
}

export interface WatchOptions {
  /** Folders of code (templates/, runtime/, src/), watched with everything under them. */
  codeDirs: string[];
  publicDir: string;
  /** The config file (watched through its folder: editors replace a file when they save it). */
  configFile: string | null;
  /** Changes that come within this long of each other are one change. */
  debounceMs?: number;
  onChange(change: DevChange): void;
}

const DEBOUNCE_MS = 40;

/** Watch the project's sources and call `onChange` once per burst of changes (an editor's save is several events). */
export function watchProject(options: WatchOptions): { close(): void } {
  const watchers: FSWatcher[] = [];
  let pending: DevChange | null = null;
  let timer: NodeJS.Timeout | null = null;
  const root = options.configFile ? dirname(options.configFile) : dirname(options.publicDir);
  const note = (kind: 'code' | 'public' | 'config', file: string) => {
    pending ??= { css: false, code: false, config: false, public: false, files: [] };
    if (kind === 'code' && file.endsWith('.css')) pending.css = true;
    else pending[kind] = true;
    const name = relative(root, file);
    if (!pending.files.includes(name)) pending.files.push(name);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      const change = pending!;
      pending = null;
      timer = null;
      options.onChange(change);
    }, options.debounceMs ?? DEBOUNCE_MS);
  };
  const watchDir = (dir: string, kind: 'code' | 'public') => {
    if (!existsSync(dir)) return;
    watchers.push(
      watch(dir, { recursive: true }, (_event, name) => {
        if (name) note(kind, join(dir, name.toString()));
      }),
    );
  };
  for (const dir of options.codeDirs) watchDir(dir, 'code');
  watchDir(options.publicDir, 'public');
  if (options.configFile) {
    const file = options.configFile;
    watchers.push(
      watch(dirname(file), (_event, name) => {
        if (name?.toString() === basename(file)) note('config', file);
      }),
    );
  }
  return {
    close() {
      if (timer) clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}
