// Generated reports, end to end through the real Chromium: the web app is built into the test's folder, the
// app listens on loopback, and "generate" captures the widgets' answers through the print page, stores them
// with their SHA-256, prints the PDF from the snapshot and zips the CSV tables. A run before the server
// listens fails with its reason and a retry succeeds; a re-render keeps the hash and the PDF's bytes; two
// generations of one report compare in numbers; ROLE_REPORTS gates it (403) and another organisation gets 404.
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedReport } from '@contracts/generated-reports';
import { CSV_DECIMALS } from '@core/csv';
import { canonicalJson } from '@core/reports/snapshot-tables';
import { fileStem as fileStemOf } from '@server/services/reports/generation-service';
import { seedCvFixture } from './cv-fixture';
import { Client, createTestApp, errorOf, seedOrganisation, seedUser, type TestApp } from './helpers';
import { buildPrintPage, finishedReport } from './print-page';

let t: TestApp;
let reporter: Client;
let noRole: Client;
let outsider: Client;
let reportId: number;
let failedId: number;
let web: ReturnType<typeof buildPrintPage>;

const TITLE = 'Acme footwear monthly review';

const finished = (id: number): Promise<GeneratedReport> => finishedReport(reporter, id);

/** A number as the XLSX writer keeps it (CSV_DECIMALS places). */
const round = (n: number) =>
  Number.isInteger(n) ? n : Math.round(n * 10 ** CSV_DECIMALS) / 10 ** CSV_DECIMALS;

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?![s])/g)?.length ?? 0;

beforeAll(async () => {
  web = buildPrintPage('report-web');
  t = await createTestApp({ env: { SIGHTLINE_WEB_DIR: web.dir } });
  const acme = await seedOrganisation(t.stores, 'Acme');
  const globex = await seedOrganisation(t.stores, 'Globex');
  await seedUser(t.stores, acme.id, 'reporter@acme.test', ['ROLE_REPORTS', 'ROLE_CV', 'ROLE_ADMIN']);
  await seedUser(t.stores, acme.id, 'viewer@acme.test', ['ROLE_CV']);
  await seedUser(t.stores, globex.id, 'reporter@globex.test', ['ROLE_REPORTS']);
  const fixture = await seedCvFixture(t.stores, acme.id);
  reporter = await Client.signIn(t.app, 'reporter@acme.test');
  noRole = await Client.signIn(t.app, 'viewer@acme.test');
  outsider = await Client.signIn(t.app, 'reporter@globex.test');
  const created = await reporter.send('POST', '/api/v1/reports', {
    name: 'Monthly',
    title: TITLE,
    campaignId: fixture.campaignId,
    period: { kind: 'fixed', from: '2025-01-01', to: '2025-01-13' },
    blocks: [
      { kind: 'text', id: 'intro', heading: 'Summary', text: 'Visibility of Acme over the month.' },
      { kind: 'widget', id: 'vis', type: 'campaign-visibility', title: null },
      { kind: 'page-break', id: 'pb' },
      { kind: 'widget', id: 'league', type: 'competitors-league', title: 'Who else ranks' },
    ],
  });
  expect(created.statusCode).toBe(201);
  reportId = created.json().id;
  // Before the server listens its Chromium has nowhere to go: the run fails and says why.
  const early = await reporter.send('POST', `/api/v1/reports/${reportId}/generate`);
  expect(early.statusCode).toBe(202);
  failedId = early.json().id;
  await finished(failedId);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 240_000);
afterAll(async () => {
  await t?.close();
  web?.remove();
});

describe('generated reports', () => {
  it('record why a run failed, and a retry generates it', async () => {
    const failed = (await reporter.get(`/api/v1/generated-reports/${failedId}`)).json() as GeneratedReport;
    expect(failed).toMatchObject({ status: 'failed', snapshotHash: null });
    expect(failed.error).toContain('not listening');
    expect((await reporter.get(`/api/v1/generated-reports/${failedId}/pdf`)).statusCode).toBe(404);
    const retried = await reporter.send('POST', `/api/v1/generated-reports/${failedId}/retry`);
    expect(retried.statusCode).toBe(202);
    const done = await finished(failedId);
    expect(done.error).toBeNull();
    expect(done).toMatchObject({
      status: 'done',
      progress: 100,
      periodFrom: '2025-01-01',
      periodTo: '2025-01-13',
    });
  }, 180_000);

  it('print a PDF with the title, the cover and a page break, from a snapshot whose hash matches', async () => {
    const g = await finished(failedId);
    const pdf = await reporter.get(`/api/v1/generated-reports/${g.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(
      'acme-footwear-monthly-review-2025-01-01-2025-01-13.pdf',
    );
    const bytes = pdf.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBe(g.pdfBytes);
    // Chromium writes the document title into the PDF's information dictionary.
    expect(bytes.toString('latin1')).toContain(`/Title (${TITLE})`);
    // Cover page, the text and first widget, then the page break before the league: at least three pages.
    expect(pageCount(bytes)).toBeGreaterThanOrEqual(3);

    const snapshot = (await reporter.get(`/api/v1/generated-reports/${g.id}/snapshot`)).json();
    const hash = createHash('sha256').update(canonicalJson(snapshot), 'utf8').digest('hex');
    expect(hash).toBe(g.snapshotHash);
    expect(snapshot.spec).toMatchObject({ title: TITLE, period: { from: '2025-01-01', to: '2025-01-13' } });
    const addresses = Object.keys(snapshot.responses);
    expect(addresses.some((a) => a.includes('/competitors'))).toBe(true);
    expect(addresses.every((a) => a.startsWith('/api/'))).toBe(true);
  }, 60_000);

  it('bundle every table as CSV, and re-render from the same snapshot with the same hash', async () => {
    const g = await finished(failedId);
    const zip = await reporter.get(`/api/v1/generated-reports/${g.id}/csv`);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const names = Object.keys(files);
    expect(names.length).toBeGreaterThan(0);
    const league = names.find((n) => n.includes('competitors'));
    expect(league).toBeDefined();
    // A byte-order mark first, so spreadsheets read UTF-8, then the header row.
    expect([...files[league!]!.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(strFromU8(files[league!]!)).toContain('domain,');

    const pdf = (await reporter.get(`/api/v1/generated-reports/${g.id}/pdf`)).rawPayload;
    // Dated by the period's last day, not the time it printed.
    expect(pdf.toString('latin1')).toContain("/CreationDate (D:20250113000000+00'00')");

    expect((await reporter.send('POST', `/api/v1/generated-reports/${g.id}/retry`)).statusCode).toBe(202);
    const again = await finished(g.id);
    expect(again.status).toBe('done');
    expect(again.snapshotHash).toBe(g.snapshotHash);
    const zipAgain = await reporter.get(`/api/v1/generated-reports/${g.id}/csv`);
    expect(zipAgain.rawPayload.equals(zip.rawPayload)).toBe(true);
    // The first PDF was drawn from the snapshot in the page that read it; the re-render opens the page from
    // the stored snapshot: the same bytes.
    const pdfAgain = (await reporter.get(`/api/v1/generated-reports/${g.id}/pdf`)).rawPayload;
    expect(pdfAgain.equals(pdf)).toBe(true);
  }, 120_000);

  it("bundle every table as one XLSX workbook, the CSV files' cells, the same bytes after a re-render", async () => {
    const g = await finished(failedId);
    const res = await reporter.get(`/api/v1/generated-reports/${g.id}/xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toContain(`${fileStemOf(g)}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(book.created.toISOString()).toBe(`${g.periodTo}T00:00:00.000Z`);
    const [index, ...sheets] = book.worksheets;
    expect(index!.name).toBe('Tables');
    const files = unzipSync(
      new Uint8Array((await reporter.get(`/api/v1/generated-reports/${g.id}/csv`)).rawPayload),
    );
    const csvNames = Object.keys(files).map((n) => n.replace(/\.csv$/, ''));
    // The index lists every table of the CSV bundle, in the sheets' order, with its row count.
    const listed = index!
      .getSheetValues()
      .slice(2)
      .map((r) => (r as ExcelJS.CellValue[]).slice(1, 3));
    expect(listed.map(([name]) => name)).toEqual(csvNames);
    expect(sheets).toHaveLength(csvNames.length);
    for (const [i, name] of csvNames.entries()) {
      // strFromU8 drops the byte-order mark. XLSX numbers keep CSV_DECIMALS places, as every XLSX download.
      const csv = (parse(strFromU8(files[`${name}.csv`]!)) as string[][]).map((row, r) =>
        row.map((v) => (r > 0 && v !== '' && Number.isFinite(Number(v)) ? String(round(Number(v))) : v)),
      );
      const ws = sheets[i]!;
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(listed[i]![1]).toBe(csv.length - 1);
      const cells: string[][] = [];
      ws.eachRow((row) => {
        const values = (row.values as ExcelJS.CellValue[]).slice(1);
        cells.push(csv[0]!.map((_, c) => (values[c] == null ? '' : String(values[c]))));
      });
      expect(cells, name).toEqual(csv);
    }
    // Re-rendered from the same snapshot, the workbook is the same file, byte for byte.
    expect((await reporter.send('POST', `/api/v1/generated-reports/${g.id}/retry`)).statusCode).toBe(202);
    expect((await finished(g.id)).status).toBe('done');
    const again = await reporter.get(`/api/v1/generated-reports/${g.id}/xlsx`);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await noRole.get(`/api/v1/generated-reports/${g.id}/xlsx`)).statusCode).toBe(403);
    expect((await outsider.get(`/api/v1/generated-reports/${g.id}/xlsx`)).statusCode).toBe(404);
  }, 120_000);

  it('compare two generations of the report in numbers', async () => {
    const put = await reporter.send('PUT', `/api/v1/reports/${reportId}`, {
      name: 'Monthly',
      title: TITLE,
      campaignId: (await reporter.get(`/api/v1/reports/${reportId}`)).json().campaignId,
      period: { kind: 'fixed', from: '2025-01-01', to: '2025-01-20' },
      blocks: [{ kind: 'widget', id: 'league', type: 'competitors-league', title: null }],
    });
    expect(put.statusCode).toBe(200);
    const second = (await reporter.send('POST', `/api/v1/reports/${reportId}/generate`)).json();
    expect((await finished(second.id)).status).toBe('done');
    const listed = (await reporter.get(`/api/v1/reports/${reportId}/generated`)).json();
    expect(listed.items.map((i: GeneratedReport) => i.id)).toEqual([second.id, failedId]);
    const cmp = await reporter.get(`/api/v1/generated-reports/compare?a=${failedId}&b=${second.id}`);
    expect(cmp.statusCode).toBe(200);
    const tables = cmp
      .json()
      .sections.flatMap(
        (s: { tables: { changedCells: number; added: string[]; removed: string[] }[] }) => s.tables,
      );
    expect(tables.length).toBeGreaterThan(0);
    // The later period adds a snapshot date: numbers change or rows appear.
    expect(
      tables.some(
        (x: { changedCells: number; added: string[]; removed: string[] }) =>
          x.changedCells + x.added.length + x.removed.length > 0,
      ),
    ).toBe(true);
  }, 180_000);

  it('are 403 without ROLE_REPORTS and 404 to another organisation', async () => {
    const urls = [
      `/api/v1/generated-reports/${failedId}`,
      `/api/v1/generated-reports/${failedId}/pdf`,
      `/api/v1/reports/${reportId}/generated`,
    ];
    for (const url of urls) {
      const denied = await noRole.get(url);
      expect(denied.statusCode).toBe(403);
      expect(errorOf(denied).message).toContain('ROLE_REPORTS');
      expect((await outsider.get(url)).statusCode).toBe(404);
    }
    expect((await outsider.send('POST', `/api/v1/reports/${reportId}/generate`)).statusCode).toBe(404);
    expect((await outsider.send('POST', `/api/v1/generated-reports/${failedId}/retry`)).statusCode).toBe(404);
    expect((await outsider.get(`/api/v1/generated-reports/${failedId}/snapshot`)).statusCode).toBe(404);
  });

  it('keep the brand template: defaults to the organisation, saved by an administrator', async () => {
    expect((await reporter.get('/api/v1/report-brand')).json()).toMatchObject({ name: 'Acme', logo: null });
    const bad = await reporter.send('PUT', '/api/v1/report-brand', {
      name: 'Acme',
      primaryColor: 'blue',
      accentColor: '#f08c00',
      logo: 'http://x/logo.png',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toContain('#rrggbb');
    const brand = { name: 'Acme Group', primaryColor: '#0b7285', accentColor: '#e8590c', logo: null };
    expect((await reporter.send('PUT', '/api/v1/report-brand', brand)).json()).toEqual(brand);
    expect((await outsider.get('/api/v1/report-brand')).json().name).toBe('Globex');
  });
});
