// Conformance cases for report documents, brand templates (migration 0018) and generated reports (0019):
// stored exactly (hostile text and raw bytes), a report's document replaced with the report's fields, the
// job's steps patched, files read back byte for byte, everything hidden from other organisations, unfinished
// jobs failed after a restart, and all of it gone with the report; run by metaStoreSuite on SQLite and
// PostgreSQL.
import { expect, it } from 'vitest';
import { HOSTILE, LATER, NOW } from './meta-store.fixtures';
import type { MetaSuiteContext } from './meta-store.fixtures';

export function reportCases(ctx: MetaSuiteContext): void {
  async function report() {
    const seeded = await ctx.seed();
    const r = await ctx.store.createReport(
      {
        organisationId: seeded.org.id,
        name: 'Monthly',
        campaignId: seeded.campaign.id,
        sections: ['visibility'],
        format: 'html',
        createdBy: seeded.user.id,
      },
      NOW,
    );
    return { ...seeded, report: r };
  }

  it('keeps a report’s document and the organisation’s brand exactly, per organisation', async () => {
    const { org, report: r, campaign } = await report();
    const other = await ctx.seed();
    expect(await ctx.store.getReportDocument(org.id, r.id)).toBeNull();
    const doc = JSON.stringify({ title: HOSTILE[0], blocks: [{ kind: 'text', text: HOSTILE[4] }] });
    await ctx.store.setReportDocument(r.id, doc, NOW);
    expect(await ctx.store.getReportDocument(org.id, r.id)).toBe(doc);
    expect(await ctx.store.getReportDocument(other.org.id, r.id)).toBeNull();

    const fields = { name: HOSTILE[2]!, campaignId: campaign.id, sections: [], document: '{"title":"B"}' };
    expect(await ctx.store.updateReport(other.org.id, r.id, fields, LATER)).toBe(false);
    expect(await ctx.store.getReportDocument(org.id, r.id)).toBe(doc);
    expect(await ctx.store.updateReport(org.id, r.id, fields, LATER)).toBe(true);
    expect(await ctx.store.getReportDocument(org.id, r.id)).toBe('{"title":"B"}');
    expect((await ctx.store.getReport(org.id, r.id))?.name).toBe(HOSTILE[2]);

    expect(await ctx.store.getOrganisationBrand(org.id)).toBeNull();
    await ctx.store.setOrganisationBrand(org.id, JSON.stringify({ name: HOSTILE[1] }), NOW);
    await ctx.store.setOrganisationBrand(org.id, JSON.stringify({ name: HOSTILE[3] }), LATER);
    expect(await ctx.store.getOrganisationBrand(org.id)).toBe(JSON.stringify({ name: HOSTILE[3] }));
    expect(await ctx.store.getOrganisationBrand(other.org.id)).toBeNull();
  });

  it('runs a generated report’s job: steps, snapshot and hash, files byte for byte, newest first', async () => {
    const { org, user, report: r } = await report();
    const other = await ctx.seed();
    const base = {
      organisationId: org.id,
      reportId: r.id,
      title: HOSTILE[4]!,
      periodFrom: '2025-02-01',
      periodTo: '2025-02-28',
      spec: '{"title":"x"}',
      createdBy: user.id,
    };
    const first = await ctx.store.createGeneratedReport(base, NOW);
    expect(first).toEqual({
      ...base,
      id: expect.any(Number),
      status: 'queued',
      progress: 0,
      phase: 'queued',
      error: null,
      snapshotHash: null,
      pdfBytes: null,
      durationMs: null,
      createdAt: NOW,
      finishedAt: null,
    });
    const second = await ctx.store.createGeneratedReport(base, LATER);
    expect((await ctx.store.listGeneratedReports(org.id, r.id)).map((g) => g.id)).toEqual([
      second.id,
      first.id,
    ]);
    expect(await ctx.store.listGeneratedReports(other.org.id, r.id)).toEqual([]);
    expect(await ctx.store.getGeneratedReport(other.org.id, first.id)).toBeNull();

    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x0a, 0x80]);
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00]);
    await ctx.store.updateGeneratedReport(first.id, { status: 'running', progress: 42.4, phase: HOSTILE[0] });
    await ctx.store.updateGeneratedReport(first.id, {
      snapshot: { json: `{"a":"${HOSTILE[4]}"}`, hash: 'ab12' },
    });
    await ctx.store.updateGeneratedReport(first.id, {
      status: 'done',
      progress: 100,
      pdf,
      csvZip: zip,
      durationMs: 4321,
      finishedAt: LATER,
    });
    expect(await ctx.store.getGeneratedReport(org.id, first.id)).toMatchObject({
      status: 'done',
      progress: 100,
      phase: HOSTILE[0],
      snapshotHash: 'ab12',
      pdfBytes: pdf.length,
      durationMs: 4321,
      finishedAt: LATER,
    });
    expect(await ctx.store.getGeneratedReportSnapshot(org.id, first.id)).toBe(`{"a":"${HOSTILE[4]}"}`);
    expect(await ctx.store.getGeneratedReportSnapshot(other.org.id, first.id)).toBeNull();
    expect([...(await ctx.store.getGeneratedReportFile(org.id, first.id, 'pdf'))!]).toEqual([...pdf]);
    expect([...(await ctx.store.getGeneratedReportFile(org.id, first.id, 'csv'))!]).toEqual([...zip]);
    expect(await ctx.store.getGeneratedReportFile(other.org.id, first.id, 'pdf')).toBeNull();
    expect(await ctx.store.getGeneratedReportFile(org.id, second.id, 'pdf')).toBeNull();

    // A restart fails what was still queued or running, with the reason, and leaves finished ones alone.
    expect(await ctx.store.failUnfinishedGeneratedReports('stopped', LATER)).toBeGreaterThanOrEqual(1);
    expect(await ctx.store.getGeneratedReport(org.id, second.id)).toMatchObject({
      status: 'failed',
      error: 'stopped',
    });
    expect((await ctx.store.getGeneratedReport(org.id, first.id))?.status).toBe('done');

    // They go with their report, and so does its document.
    await ctx.store.setReportDocument(r.id, '{}', NOW);
    expect(await ctx.store.deleteReport(org.id, r.id)).toBe(true);
    expect(await ctx.store.getGeneratedReport(org.id, first.id)).toBeNull();
    expect(await ctx.store.getReportDocument(org.id, r.id)).toBeNull();
  });
}
