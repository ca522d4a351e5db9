// Generated reports (issue 31 item 4): "generate" fixes the report's spec (period resolved today, scope,
// brand, blocks) in a queued job and runs it in the background — the server's one Chromium opens the web
// app's print page of the job once, its widgets read through the same API routes and services as on a
// dashboard and hand back every answer; that snapshot is stored as canonical JSON with its SHA-256; then the
// page draws itself again from the stored snapshot alone and is printed to PDF (dated by the period's last
// day, so the same snapshot gives the same bytes), and every table in the snapshot is written as CSV into a
// ZIP (and, on download, into one XLSX workbook). Progress and phase are stored as it goes (the web app polls
// them); a failure stores why. A retry of a job whose data was read re-renders it from the same snapshot
// (same hash, same PDF); otherwise it runs again from the start.
import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import {
  reportSnapshot,
  reportSpec,
  type GeneratedReport,
  type ReportComparison,
  type ReportSnapshot,
  type ReportSpec,
} from '@contracts/generated-reports';
import { canonicalJson, compareTables, tableCsv, tablesOf } from '@core/reports/snapshot-tables';
import type { SnapshotTable } from '@core/reports/snapshot-tables';
import type { GeneratedReportRecord } from '@storage/report-store';
import type { MetaStore } from '@storage/meta-store';
import type { AuthContext } from '../../auth/session';
import { badRequest, conflict, notFound } from '../../http/errors';
import { xlsxWorkbook, type TableExport } from '../exports/table-export';
import type { ReportService } from '../report-service';
import type { RenderTokens } from './render-tokens';
import { ReportRenderer, type RenderSession } from './report-renderer';

export interface GenerationOptions {
  /** The server's own origin once it listens (null before): where Chromium opens the print page. */
  origin: () => string | null;
  onError: (err: unknown) => void;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A file-name-safe slug of the report's title. */
export function fileStem(g: Pick<GeneratedReport, 'title' | 'periodFrom' | 'periodTo'>): string {
  const slug =
    g.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'report';
  return `${slug}-${g.periodFrom}-${g.periodTo}`;
}

/** The tables of a snapshot, per answer, in address order. */
function snapshotTables(s: ReportSnapshot): { source: string; tables: SnapshotTable[] }[] {
  return Object.keys(s.responses)
    .sort()
    .map((source) => ({ source, tables: tablesOf(sourceName(source), s.responses[source]) }));
}

/** `/api/v3/campaign-visibility/12/competitors?…` → `campaign-visibility-12-competitors`. */
function sourceName(address: string): string {
  const path = address.split('?')[0]!.replace(/^\/api\/v\d+\//, '');
  return path.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/**
 * Every table of a snapshot as one XLSX workbook (the CSV ZIP's tables, a sheet each, after a "Tables" sheet
 * naming each sheet's full table), drawn from the snapshot alone and dated by its period's last day, so a
 * snapshot always gives the same bytes.
 */
function snapshotWorkbook(s: ReportSnapshot): Promise<Uint8Array> {
  const tables = snapshotTables(s).flatMap(({ tables: ts }) => ts);
  const sheets: TableExport[] = tables.map((t) => ({
    name: t.name,
    sheet: t.name,
    header: t.columns,
    rows: t.rows,
  }));
  const index: TableExport = {
    name: 'tables',
    sheet: 'Tables',
    header: ['table', 'rows'],
    rows: tables.map((t) => [t.name, t.rows.length]),
  };
  return xlsxWorkbook([index, ...sheets], new Date(`${s.spec.period.to}T00:00:00Z`));
}

export class ReportGenerationService {
  private readonly running = new Set<Promise<void>>();
  private readonly renderer = new ReportRenderer();

  constructor(
    private readonly meta: MetaStore,
    private readonly reports: ReportService,
    private readonly tokens: RenderTokens,
    private readonly now: () => Date,
    private readonly options: GenerationOptions,
  ) {}

  /** Jobs a stopped process left queued or running are failed, so they can be retried. */
  async start(): Promise<void> {
    await this.meta.failUnfinishedGeneratedReports(
      'the server stopped while this report was generating: retry it',
      this.now().toISOString(),
    );
  }

  /** Waits for the runs in flight (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /** Server shutdown: waits for the runs in flight, then closes Chromium. */
  async close(): Promise<void> {
    await this.idle();
    await this.renderer.close();
  }

  async generate(auth: AuthContext, reportId: number): Promise<GeneratedReport> {
    return view((await this.queue(auth, reportId)).job);
  }

  /** Generates the report and waits until the run ends (a scheduled delivery mails the result): done or failed. */
  async generateAndWait(auth: AuthContext, reportId: number): Promise<GeneratedReport> {
    const { job, run } = await this.queue(auth, reportId);
    await run;
    return this.get(auth, job.id);
  }

  private async queue(
    auth: AuthContext,
    reportId: number,
  ): Promise<{ job: GeneratedReportRecord; run: Promise<void> }> {
    const spec = await this.reports.spec(auth, reportId);
    if (spec.blocks.length === 0)
      throw badRequest(`report ${reportId} has no block: add a widget or text first`);
    const job = await this.meta.createGeneratedReport(
      {
        organisationId: auth.user.organisationId,
        reportId,
        title: spec.title,
        periodFrom: spec.period.from,
        periodTo: spec.period.to,
        spec: JSON.stringify(spec),
        createdBy: auth.user.id,
      },
      this.now().toISOString(),
    );
    return { job, run: this.launch(auth, job, 'full') };
  }

  async retry(auth: AuthContext, id: number): Promise<GeneratedReport> {
    const job = await this.find(auth, id);
    if (job.status === 'queued' || job.status === 'running') {
      throw conflict(`generated report ${id} is ${job.status}: wait for it to finish`);
    }
    await this.meta.updateGeneratedReport(id, {
      status: 'queued',
      progress: 0,
      phase: 'queued',
      error: null,
      finishedAt: null,
    });
    const queued = (await this.meta.getGeneratedReport(auth.user.organisationId, id))!;
    this.launch(auth, queued, queued.snapshotHash === null ? 'full' : 'render');
    return view(queued);
  }

  async list(auth: AuthContext, reportId: number): Promise<{ items: GeneratedReport[] }> {
    await this.reports.get(auth, reportId);
    const items = await this.meta.listGeneratedReports(auth.user.organisationId, reportId);
    return { items: items.map(view) };
  }

  async get(auth: AuthContext, id: number): Promise<GeneratedReport> {
    return view(await this.find(auth, id));
  }

  async spec(auth: AuthContext, id: number): Promise<ReportSpec> {
    return reportSpec.parse(JSON.parse((await this.find(auth, id)).spec));
  }

  async snapshot(auth: AuthContext, id: number): Promise<ReportSnapshot> {
    await this.find(auth, id);
    const json = await this.meta.getGeneratedReportSnapshot(auth.user.organisationId, id);
    if (json === null) throw notFound(`the data of generated report ${id} (it has not been read yet)`);
    return reportSnapshot.parse(JSON.parse(json));
  }

  async file(
    auth: AuthContext,
    id: number,
    kind: 'pdf' | 'csv' | 'xlsx',
  ): Promise<{ bytes: Uint8Array; name: string }> {
    const job = await this.find(auth, id);
    const stem = fileStem(view(job));
    if (kind === 'xlsx') {
      if (job.status !== 'done')
        throw notFound(`the XLSX bundle of generated report ${id} (it is ${job.status})`);
      return { bytes: await snapshotWorkbook(await this.snapshot(auth, id)), name: `${stem}.xlsx` };
    }
    const bytes = await this.meta.getGeneratedReportFile(auth.user.organisationId, id, kind);
    if (bytes === null)
      throw notFound(
        `the ${kind === 'pdf' ? 'PDF' : 'CSV bundle'} of generated report ${id} (it is ${job.status})`,
      );
    return { bytes, name: `${stem}.${kind === 'pdf' ? 'pdf' : 'csv.zip'}` };
  }

  async compare(auth: AuthContext, a: number, b: number): Promise<ReportComparison> {
    const [ja, jb] = [await this.find(auth, a), await this.find(auth, b)];
    if (ja.reportId !== jb.reportId) {
      throw badRequest(
        `generated reports ${a} and ${b} are of different reports: compare two of the same report`,
      );
    }
    const [sa, sb] = [await this.snapshot(auth, a), await this.snapshot(auth, b)];
    const ta = new Map(snapshotTables(sa).map((s) => [s.source, s.tables]));
    const tb = new Map(snapshotTables(sb).map((s) => [s.source, s.tables]));
    const sources = [...new Set([...ta.keys(), ...tb.keys()])].sort();
    return {
      a: view(ja),
      b: view(jb),
      sections: sources.map((source) => {
        const before = new Map((ta.get(source) ?? []).map((t) => [t.name, t]));
        const after = new Map((tb.get(source) ?? []).map((t) => [t.name, t]));
        const names = [...new Set([...before.keys(), ...after.keys()])];
        return { source, tables: names.map((n) => compareTables(before.get(n), after.get(n))) };
      }),
    };
  }

  private async find(auth: AuthContext, id: number): Promise<GeneratedReportRecord> {
    const job = await this.meta.getGeneratedReport(auth.user.organisationId, id);
    if (job === null) throw notFound(`generated report ${id}`);
    return job;
  }

  private launch(auth: AuthContext, job: GeneratedReportRecord, mode: 'full' | 'render'): Promise<void> {
    const run = this.run(auth, job, mode).catch(this.options.onError);
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return run;
  }

  private async run(auth: AuthContext, job: GeneratedReportRecord, mode: 'full' | 'render'): Promise<void> {
    const started = Date.now();
    const step = (progress: number, phase: string) =>
      this.meta.updateGeneratedReport(job.id, { status: 'running', progress, phase });
    let session: RenderSession | null = null;
    try {
      await step(5, 'starting Chromium');
      const origin = this.options.origin();
      if (origin === null)
        throw new Error('the server is not listening yet, so Chromium cannot open the report');
      const target = { origin, generatedId: job.id, token: this.tokens.issue(auth.user.id) };
      session = await this.renderer.session(target);
      if (mode === 'full') {
        await step(15, 'reading the data of every section');
        await session.open(target, 'capture');
        const snapshot: ReportSnapshot = {
          version: 1,
          spec: reportSpec.parse(JSON.parse(job.spec)),
          responses: await session.capture(),
        };
        const json = canonicalJson(snapshot);
        await this.meta.updateGeneratedReport(job.id, { snapshot: { json, hash: sha256(json) } });
        await step(55, 'rendering the PDF');
        // Drawn from the stored snapshot as a re-render draws it, so both print the same bytes.
        await session.replay(JSON.parse(json));
      } else {
        await step(55, 'rendering the PDF');
        await session.open(target, 'render');
      }
      const pdf = await session.pdf(job.periodTo);
      await step(85, 'writing the CSV files');
      const snapshot = await this.snapshot(auth, job.id);
      const files: Record<string, Uint8Array> = {};
      for (const { tables } of snapshotTables(snapshot)) {
        for (const t of tables) files[`${t.name}.csv`] = strToU8(`\uFEFF${tableCsv(t)}`);
      }
      await this.meta.updateGeneratedReport(job.id, {
        status: 'done',
        progress: 100,
        phase: 'done',
        pdf,
        // A fixed modification time, so the same snapshot always gives the same ZIP bytes.
        csvZip: zipSync(files, { mtime: new Date('2000-01-01T00:00:00Z') }),
        durationMs: Date.now() - started,
        finishedAt: this.now().toISOString(),
      });
    } catch (err) {
      await this.meta.updateGeneratedReport(job.id, {
        status: 'failed',
        phase: 'failed',
        error: err instanceof Error ? err.message : String(err),
        durationMs: Date.now() - started,
        finishedAt: this.now().toISOString(),
      });
    } finally {
      // A context of a Chromium that died is gone already: nothing to close.
      await session?.close().catch(() => undefined);
    }
  }
}

function view(r: GeneratedReportRecord): GeneratedReport {
  return {
    id: r.id,
    reportId: r.reportId,
    title: r.title,
    status: r.status,
    progress: r.progress,
    phase: r.phase,
    error: r.error,
    periodFrom: r.periodFrom,
    periodTo: r.periodTo,
    snapshotHash: r.snapshotHash,
    pdfBytes: r.pdfBytes,
    durationMs: r.durationMs,
    createdBy: r.createdBy,
    createdAt: r.createdAt,
    finishedAt: r.finishedAt,
  };
}
