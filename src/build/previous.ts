import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILDS_DIR, buildMetaFile } from '../output/layout.ts';
import { FIELDHOUSE_VERSION } from '../version.ts';
import { outputVersion } from './staging.ts';

/** The build the output folder holds now, when this version of Fieldhouse wrote it. */
export interface PreviousBuild {
  dir: string;
  id: string;
  /** Pages it wrote. */
  pages: number;
}

/**
 * The previous build in `outDir`, or null (none, another version's, unreadable): with --keep-going, a page that
 * fails is built from its data there, and a build that would lose too many of its pages is not swapped in.
 */
export function previousBuild(outDir: string): PreviousBuild | null {
  if (outputVersion(outDir) !== FIELDHOUSE_VERSION) return null;
  try {
    const { id } = JSON.parse(readFileSync(join(outDir, BUILDS_DIR, 'latest.json'), 'utf8')) as { id: string };
    const meta = join(outDir, buildMetaFile(id));
    if (!existsSync(meta)) return null;
    const { prerendered } = JSON.parse(readFileSync(meta, 'utf8')) as { prerendered: string[] };
    return { dir: outDir, id, pages: prerendered.length };
  } catch {
    return null;
  }
}
