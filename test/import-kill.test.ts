// Killing an import with SIGKILL: a child process runs `sightline import` on a large generated CSV and is
// killed mid-way (once its job shows bytes read) and, in a second run, once reading has finished (the commit
// may be running or done). Reopening the stores then shows all of the import or none of it, never a part;
// the job left `running` is marked failed ("interrupted") by the start-up recovery, and the same import
// then runs again to completion.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeStores, openStores } from '@server/app';
import { loadConfig } from '@server/config';
import { INTERRUPTED, ImportService } from '@server/services/import-service';
import { recoverImports } from '@server/services/import-uploads';
import { openPath } from '@ingest/formats/index';
import { openSqliteMetaStore } from '@storage/meta/sqlite';
import type { ImportJob } from '@storage/meta-store';
import { writeSerpCsv } from './import-fixtures';

const ROWS = 1_000_000;
let dir: string;
let csv: string;
let bytes: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sightline-kill-'));
  csv = join(dir, 'big.csv');
  bytes = await writeSerpCsv(csv, ROWS, 2000);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the first `sightline serve` leaves: migrated stores and the operator's organisation, which imports need. */
async function firstStart(dataDir: string): Promise<void> {
  const stores = await openStores(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  try {
    await stores.meta.createOrganisation('Operator', new Date().toISOString());
  } finally {
    await closeStores(stores);
  }
}

/** Runs `sightline import` in a child and SIGKILLs it when `when` holds for its job; returns that job. */
async function killImport(dataDir: string, when: (job: ImportJob) => boolean): Promise<ImportJob | null> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'import', csv], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let seen: ImportJob | null = null;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child.exitCode === null) {
    await new Promise((r) => setTimeout(r, 40));
    const meta = await openSqliteMetaStore(join(dataDir, 'sightline.sqlite')).catch(() => null);
    if (meta === null) continue;
    try {
      const job = await meta.getImportJob(1).catch(() => null);
      if (job && when(job)) {
        seen = job;
        child.kill('SIGKILL');
        break;
      }
    } finally {
      await meta.close();
    }
  }
  await exited;
  if (seen === null) throw new Error(`the import ended before it could be killed: ${stderr}`);
  return seen;
}

async function reopenAndCheck(dataDir: string): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const stores = await openStores(config);
  try {
    const counts = await stores.rank.counts();
    const job = (await stores.meta.getImportJob(1))!;
    if (job.status === 'succeeded') {
      // Killed after the commit: the whole import is there.
      expect(counts).toMatchObject({ serpResults: ROWS, keywords: ROWS / 100 });
    } else {
      // No partial data is visible.
      expect(counts).toEqual({ keywords: 0, serpResults: 0, snapshotDates: 0, hosts: 0 });
      expect(job.status).toBe('running');
      expect(await recoverImports(stores.meta, dataDir, new Date())).toBe(1);
      expect(await stores.meta.getImportJob(1)).toMatchObject({ status: 'failed', error: INTERRUPTED });
    }
    // The import can be run again, completely.
    const service = new ImportService(stores.meta, stores.rank, () => new Date());
    const again = await service.run({
      organisationId: null,
      userId: null,
      files: [csv],
      bytesTotal: bytes,
      open: async () => [await openPath(csv)],
      dryRun: false,
    });
    expect(again).toMatchObject({ status: 'succeeded', rowsRead: ROWS, rowsWritten: ROWS });
    expect(await stores.rank.counts()).toMatchObject({
      serpResults: ROWS,
      keywords: ROWS / 100,
      snapshotDates: 1,
    });
  } finally {
    await closeStores(stores);
  }
}

describe('kill -9 during an import', () => {
  it('leaves nothing visible when killed while reading; the job is failed at the next start', async () => {
    const dataDir = join(dir, 'mid');
    await firstStart(dataDir);
    const job = await killImport(dataDir, (j) => j.status === 'running' && j.bytesRead > 0);
    expect(job!.bytesRead).toBeLessThan(bytes);
    await reopenAndCheck(dataDir);
  }, 180_000);

  it('leaves all or nothing when killed after reading, while the commit runs or just after', async () => {
    const dataDir = join(dir, 'late');
    await firstStart(dataDir);
    // The job's progress is saved when writing starts, so this usually lands inside the commit.
    await killImport(dataDir, (j) => j.bytesRead >= bytes || j.status === 'succeeded');
    await reopenAndCheck(dataDir);
  }, 180_000);
});
