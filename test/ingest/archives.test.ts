// ZIP archives read as streams (issue 27 item 2): the unzip limit counts the bytes actually unpacked by one
// import, all its archives together; an entry that unpacks to more than its header says is refused as
// unreadable (a header cannot lie its way past the limit); the CLI's path opener reads archives the same way.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPath } from '@ingest/formats/index';
import { runImport } from '@ingest/pipeline/index';
import { csvRows, repeatedZip } from '../support/zip-bomb';
import { NOW, collectSource } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'sightline-archives-'));

function save(name: string, bytes: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

describe('archives', () => {
  it('stops an import at the unzip limit, counted over its archives, with 0 rows written', async () => {
    const path = save('rows.zip', await repeatedZip([csvRows('a.csv', 3), csvRows('b.csv', 3)]));
    const within = await runImport(null, {
      sources: [await openPath(path)],
      now: NOW,
      unzipLimitBytes: 8 * 1048576,
    });
    expect(within).toMatchObject({ ok: true, error: null });
    const past = await runImport(null, {
      sources: [await openPath(path)],
      now: NOW,
      unzipLimitBytes: 5 * 1048576,
    });
    expect(past).toMatchObject({ ok: false, rowsWritten: 0 });
    expect(past.error).toBe(
      `${path}/b.csv: the archive unpacks to more than the limit of 5 MB for one import (all its archives ` +
        'together): import its files in smaller parts, or raise SIGHTLINE_UNZIP_LIMIT_MB on the server',
    );
  });

  it('refuses an entry that unpacks to more than its header says', async () => {
    const zip = await repeatedZip([csvRows('rows.csv', 2)]);
    // The central directory's uncompressed size (offset 24 of its record) now claims 1 KiB.
    const central = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(1024, central + 24);
    const parsed = await collectSource(await openPath(save('lying.zip', zip)));
    expect(parsed.rejects).toEqual([
      expect.objectContaining({
        file: `${dir}/lying.zip/rows.csv`,
        code: 'unreadable',
        fatal: true,
        reason: expect.stringMatching(/^the ZIP archive cannot be read: too many bytes in the stream/u),
      }),
    ]);
  });
});
