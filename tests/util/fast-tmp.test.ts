import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { roomyFolder } from '../helpers/fast-tmp.ts';

describe('the folder the tests build in', () => {
  it('is the first candidate that exists, is writable and has the room asked for', () => {
    const folder = mkdtempSync(join(tmpdir(), 'fieldhouse-roomy-'));
    try {
      const missing = join(folder, 'not-there');
      expect(roomyFolder([missing, folder], 1)).toBe(folder);
      expect(roomyFolder([missing], 1)).toBeNull();
      // No file system has an exabyte free: the system's temporary folder is used instead.
      expect(roomyFolder([folder], 2 ** 60)).toBeNull();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
