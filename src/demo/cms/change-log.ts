/**
 * The demo CMS's record of edits: every change with the input that made it, in order. With a store folder it is
 * kept in `changes.jsonl` there (one change per line, after a line naming the dataset it applies to), so edits
 * survive a restart: the CMS generates its department from the seed, then replays the log. Without one it lives
 * in memory only, and every start is the seed's department as generated (tests rely on this).
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentChange } from '../../webhooks/change.ts';
import { SEASONS_PER_SCALE } from '../dataset.ts';

export const CHANGE_LOG_FILE = 'changes.jsonl';

/** A change as the CMS keeps it: the announced change and the input it applied. */
export interface LoggedChange {
  change: ContentChange;
  input: unknown;
}

/** The dataset a log belongs to: replaying edits onto another department would make nonsense. */
export interface LogIdentity {
  seed: string;
  scale: number;
  /** Seasons of history (a store written before they could differ from the scale's lacks it). */
  seasons: number;
  asOf: string;
}

export interface ChangeLog {
  readonly entries: readonly LoggedChange[];
  /** The newest change's seq; 0 before any. */
  readonly latest: number;
  append(entry: LoggedChange): void;
  /** Changes after `seq`, oldest first, at most `limit`. */
  since(seq: number, limit: number): ContentChange[];
}

export function openChangeLog(dir: string | null, identity: LogIdentity): ChangeLog {
  const entries: LoggedChange[] = [];
  const file = dir ? join(dir, CHANGE_LOG_FILE) : null;
  if (file && existsSync(file)) {
    const [head, ...lines] = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    const stored = JSON.parse(head ?? '{}') as Partial<LogIdentity>;
    const storedSeasons = stored.seasons ?? SEASONS_PER_SCALE * (stored.scale ?? 1);
    if (
      stored.seed !== identity.seed ||
      stored.scale !== identity.scale ||
      storedSeasons !== identity.seasons ||
      stored.asOf !== identity.asOf
    )
      throw new Error(
        `The demo CMS store ${file} holds edits of another department (seed "${stored.seed}", scale ${stored.scale}, ${storedSeasons} seasons, as of ${stored.asOf}); this one is seed "${identity.seed}", scale ${identity.scale}, ${identity.seasons} seasons, as of ${identity.asOf}. Start with that seed and scale, or with another --store folder.`,
      );
    lines.forEach((line, i) => {
      try {
        entries.push(JSON.parse(line) as LoggedChange);
      } catch {
        throw new Error(
          `The demo CMS store ${file} has a broken line ${i + 2}: fix or remove it (every later edit is replayed after it).`,
        );
      }
    });
  } else if (file) {
    mkdirSync(dir!, { recursive: true });
    writeFileSync(file, `${JSON.stringify(identity)}\n`);
  }
  return {
    entries,
    get latest() {
      return entries.at(-1)?.change.seq ?? 0;
    },
    append(entry) {
      // Written before the change is answered or announced: a change the CMS acknowledged survives a crash.
      if (file) appendFileSync(file, `${JSON.stringify(entry)}\n`);
      entries.push(entry);
    },
    since(seq, limit) {
      // seq n is at index n - 1: changes are numbered from 1 without gaps.
      return entries.slice(Math.max(0, seq), Math.max(0, seq) + limit).map((e) => e.change);
    },
  };
}
