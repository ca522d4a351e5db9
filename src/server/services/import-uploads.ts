// Uploaded import files on their way to a job: each upload is written to its own folder under
// `<data dir>/uploads/` (the upload screen shows upload progress; the job then reads the saved file at its
// own pace and shows job progress), counted against the size limit as it arrives, and removed when the job
// ends. Folders left by a process that died are removed at start-up with the jobs marked interrupted.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { sourceFromSavedUpload } from '@ingest/formats/index';
import type { ImportSource } from '@ingest/formats/index';
import type { MetaStore } from '@storage/meta-store';
import { HttpError } from '../http/errors';
import { failInterruptedImports } from './import-service';

export const UPLOADS_DIR = 'uploads';

/** 413 with the limit in megabytes and the setting that raises it. */
export function uploadTooLarge(limitBytes: number): HttpError {
  const mb = Math.round(limitBytes / 1048576).toLocaleString('en-GB');
  return new HttpError(
    413,
    'payload_too_large',
    `the upload is larger than the limit of ${mb} MB: split the file, or raise SIGHTLINE_UPLOAD_LIMIT_MB on the server`,
    { limitBytes },
  );
}

export interface SavedUpload {
  /** The name the user gave the file (no folders). */
  name: string;
  path: string;
  size: number;
}

/** A folder for one request's uploaded files, with a shared byte budget. */
export class UploadFolder {
  readonly files: SavedUpload[] = [];
  private received = 0;

  private constructor(
    readonly path: string,
    private readonly limitBytes: number,
  ) {}

  static async create(dataDir: string, limitBytes: number): Promise<UploadFolder> {
    const path = join(dataDir, UPLOADS_DIR, randomUUID());
    await mkdir(path, { recursive: true });
    return new UploadFolder(path, limitBytes);
  }

  /** Saves one uploaded stream; throws a 413 HttpError as soon as the folder passes the limit. */
  async save(name: string, stream: Readable): Promise<void> {
    const clean = basename(name.replaceAll('\\', '/')).replace(/[^\p{L}\p{N}._ -]/gu, '_') || 'upload';
    const path = join(this.path, `${this.files.length}-${clean}`);
    let size = 0;
    const count = new Transform({
      transform: (chunk: Buffer, _enc, done) => {
        size += chunk.length;
        this.received += chunk.length;
        if (this.received > this.limitBytes) done(uploadTooLarge(this.limitBytes));
        else done(null, chunk);
      },
    });
    await pipeline(stream, count, createWriteStream(path));
    this.files.push({ name: basename(name.replaceAll('\\', '/')) || 'upload', path, size });
  }

  get bytes(): number {
    return this.received;
  }

  /** The saved files as import sources (a ZIP is unpacked as it is read, anything else streamed from disk). */
  async sources(): Promise<ImportSource[]> {
    return Promise.all(this.files.map((f) => sourceFromSavedUpload(f.name, f.path, f.size)));
  }

  async remove(): Promise<void> {
    await rm(this.path, { recursive: true, force: true });
  }
}

/**
 * Start-up recovery of imports (call once, while this process is the only writer of the stores): marks
 * jobs left queued or running as failed ("interrupted") and removes leftover upload folders. Returns how
 * many jobs were marked.
 */
export async function recoverImports(meta: MetaStore, dataDir: string, now: Date): Promise<number> {
  const failed = await failInterruptedImports(meta, now);
  const root = join(dataDir, UPLOADS_DIR);
  const left = await readdir(root).catch(() => [] as string[]);
  await Promise.all(left.map((d) => rm(join(root, d), { recursive: true, force: true })));
  return failed;
}
