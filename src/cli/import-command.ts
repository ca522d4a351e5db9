// `sightline import <file…>`: imports files, folders or ZIP archives into the stores as one recorded,
// all-or-nothing job, with a progress bar (bytes read of the total) and a summary table; exits non-zero
// when the import failed (nothing was written then). The server must be stopped while it runs (one process
// writes the stores at a time), so a job a killed run left behind is marked failed here first.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { loadConfig } from '@server/config';
import { closeStores, openStores } from '@server/app';
import { ImportService, failInterruptedImports } from '@server/services/import-service';
import { isFormatId, openPath, unknownFormatMessage } from '@ingest/formats/index';
import { describeReject, describeWarning } from '@ingest/pipeline/index';
import type { FormatId } from '@ingest/formats/index';
import type { ImportJob } from '@storage/meta-store';
import { intOption } from './options';
import { progressBar } from './progress';

export const IMPORT_HELP = `  import    Import files into the stores as one all-or-nothing job.
            sightline import <file|folder|zip…> [options]
            --format F          serp-csv, serpapi, dataforseo, valueserp, serpbear, rank-sheet,
                                gsc-export, gsc-api or keywords (default: detected per file)
            --market M          market for files that do not say it (gb-en, us-en-mobile …)
            --campaign C        add the imported keywords to campaign C (its market)
            --target HOST       tracked site of a rank sheet; property of Search Console rows
            --dry-run           read and check everything, write nothing
            --data-dir DIR      where the stores live (default ./data or DATA_DIR)`;

const REJECTS_SHOWN = 10;
const n = (x: number) => x.toLocaleString('en-GB');

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 2 : 1)} MB`;
}

/** The summary table of a finished job. */
export function describeJob(job: ImportJob): string {
  const w = job.written;
  const seconds = (job.durationMs ?? 0) / 1000;
  const rate = seconds > 0 ? `, ${n(Math.round(job.rowsRead / seconds))} rows/s` : '';
  const kinds = [
    [w.keywords, 'keywords'],
    [w.serpResults, 'SERP results'],
    [w.snapshots, 'snapshots'],
    [w.rankObservations, 'rank observations'],
    [w.searchConsoleRows, 'Search Console rows'],
    [w.campaignKeywords, 'campaign keywords'],
  ]
    .filter(([count]) => (count as number) > 0)
    .map(([count, what]) => `${n(count as number)} ${what}`)
    .join(', ');
  const verb = job.dryRun ? 'would write' : 'written';
  const head =
    job.status === 'succeeded'
      ? `Import #${job.id} ${job.dryRun ? 'checked (dry run: nothing was written)' : 'succeeded'}`
      : `Import #${job.id} FAILED: nothing was written`;
  const rows: [string, string][] = [
    ['files', job.files.join(', ') + (job.formats.length > 0 ? ` (${job.formats.join(', ')})` : '')],
    ['read', `${n(job.rowsRead)} rows (${megabytes(job.bytesRead)})`],
    [verb, `${n(job.rowsWritten)} records${kinds ? `: ${kinds}` : ''}`],
    ['rejected', n(job.rowsRejected)],
    ['warnings', n(job.warningCount)],
    ['duration', `${seconds.toFixed(1)} s${rate}`],
  ];
  const lines = [head, ...rows.map(([k, v]) => `  ${k.padEnd(11)} ${v}`)];
  if (job.error !== null) lines.push(`  ${'error'.padEnd(11)} ${job.error}`);
  if (job.rejects.length > 0) {
    lines.push(`First rejects (${n(job.rowsRejected)} in all):`);
    for (const r of job.rejects.slice(0, REJECTS_SHOWN)) lines.push(`  ${describeReject(r)}`);
  }
  if (job.warnings.length > 0) {
    lines.push('Warnings:');
    for (const wn of job.warnings.slice(0, REJECTS_SHOWN)) lines.push(`  ${describeWarning(wn)}`);
  }
  return lines.join('\n');
}

export async function runImportCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: 'string' },
      market: { type: 'string' },
      campaign: { type: 'string' },
      target: { type: 'string' },
      'dry-run': { type: 'boolean' },
      'data-dir': { type: 'string' },
    },
  });
  if (positionals.length === 0) {
    console.error(`Name at least one file to import.\n\n${IMPORT_HELP}`);
    return 2;
  }
  let format: FormatId | undefined;
  if (values.format !== undefined) {
    if (!isFormatId(values.format)) {
      console.error(unknownFormatMessage(values.format));
      return 2;
    }
    format = values.format;
  }
  const campaignId =
    values.campaign === undefined ? undefined : intOption('campaign', values.campaign, 0, 1, 2 ** 31 - 1);
  const base = loadConfig();
  const config = values['data-dir'] ? { ...base, dataDir: resolve(values['data-dir']) } : base;
  const stores = await openStores(config);
  try {
    await failInterruptedImports(stores.meta, new Date());
    const service = new ImportService(stores.meta, stores.rank, () => new Date());
    const sources = await Promise.all(positionals.map((p) => openPath(p)));
    const bar = progressBar();
    // Off a terminal the bar prints one line per phase, so the phase then carries no running numbers.
    const tty = process.stderr.isTTY === true;
    const job = await service.run(
      {
        organisationId: null,
        userId: null,
        files: positionals,
        bytesTotal: sumSizes(sources),
        open: () => Promise.resolve(sources),
        ...(format !== undefined ? { format } : {}),
        ...(values.market !== undefined ? { market: values.market } : {}),
        ...(campaignId !== undefined ? { campaignId } : {}),
        ...(values.target !== undefined ? { target: values.target } : {}),
        dryRun: values['dry-run'] === true,
        unzipLimitBytes: config.unzipLimitBytes,
      },
      (p) => {
        const total = p.bytesTotal ?? 0;
        const what = !tty
          ? p.phase
          : p.phase === 'writing'
            ? `writing ${n(p.rowsWritten)} records`
            : `reading ${megabytes(p.bytesRead)}${total > 0 ? ` of ${megabytes(total)}` : ''}, ${n(p.rowsRead)} rows`;
        bar.update(what, p.phase === 'writing' ? total : p.bytesRead, total);
      },
    );
    bar.finish(describeJob(job));
    return job.status === 'succeeded' ? 0 : 1;
  } finally {
    await closeStores(stores);
  }
}

function sumSizes(sources: { files: { size: number | null }[] }[]): number | null {
  let total = 0;
  for (const s of sources)
    for (const f of s.files) {
      if (f.size === null) return null;
      total += f.size;
    }
  return total;
}
