// The import writer on a real DuckDB file: idempotent re-imports, all-or-nothing on failure (a fault in a
// later batch, a fatal file after good ones, a commit that fails half way), snapshots replaced whole,
// duplicates within and across files, rank-tracker merges into snapshots, keyword volumes and campaign
// membership, and dry runs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RankImport, RankStore } from '@storage/rank-store';
import { RankInputError } from '@storage/rank/input';
import { importPaths, tempRankStore, writeSerpCsv, type TempRank } from './import-fixtures';

let t: TempRank;
beforeEach(async () => {
  t = await tempRankStore();
});
afterEach(async () => t.close());

const file = (name: string, text: string) => {
  const path = join(t.dir, name);
  writeFileSync(path, text);
  return path;
};

const SERP = [
  'date,market,keyword,position,url,title',
  '2026-01-05,gb-en,roof tiles,1,https://a.example/tiles,A',
  '2026-01-05,gb-en,roof tiles,2,https://b.example/roof,B',
  '2026-01-05,gb-en,roof tiles,3,https://c.example/,C',
  '2026-01-05,gb-en,ridge tiles,1,https://c.example/ridge,',
].join('\n');

/** A RankStore whose staged import fails on the nth addSerpRows call, as a full disk would. */
function failingOnBatch(rank: RankStore, n: number): RankStore {
  return Object.assign(Object.create(rank) as RankStore, {
    beginImport: async (): Promise<RankImport> => {
      // Streamed (batches): without the fast path, which stages a whole file at once.
      const { stageSerpCsv: _, ...inner } = await rank.beginImport();
      let calls = 0;
      return {
        ...inner,
        addUrls: (u) => inner.addUrls(u),
        addRankRows: (r) => inner.addRankRows(r),
        addSearchConsoleRows: (r) => inner.addSearchConsoleRows(r),
        commit: (c) => inner.commit(c),
        abort: () => inner.abort(),
        addSerpRows: async (rows) => {
          if (++calls === n) throw new Error('disk full');
          return inner.addSerpRows(rows);
        },
      };
    },
  });
}

describe('import writer', () => {
  it('re-imports the same file idempotently: same rows, same ids, nothing duplicated', async () => {
    const path = join(t.dir, 'big.csv');
    await writeSerpCsv(path, 20_000);
    const first = await importPaths(t.rank, [path]);
    expect(first).toMatchObject({ ok: true, rowsRead: 20_000, rowsWritten: 20_000 });
    expect(first.written).toMatchObject({ keywords: 200, serpResults: 20_000, snapshots: 200 });
    const counts = await t.rank.counts();
    const keywords = await t.rank.readKeywords('gb-en');
    const snapshot = await t.rank.readSnapshot('gb-en', '2026-01-05', [1, 2]);
    const again = await importPaths(t.rank, [path]);
    expect(again.ok).toBe(true);
    expect(await t.rank.counts()).toEqual(counts);
    expect(await t.rank.readKeywords('gb-en')).toEqual(keywords);
    expect(await t.rank.readSnapshot('gb-en', '2026-01-05', [1, 2])).toEqual(snapshot);
    expect(counts).toMatchObject({ keywords: 200, serpResults: 20_000, snapshotDates: 1 });
  });

  it('writes nothing when a later batch fails', async () => {
    const path = join(t.dir, 'big.csv');
    await writeSerpCsv(path, 200_000);
    const out = await importPaths(failingOnBatch(t.rank, 2), [path]);
    expect(out).toMatchObject({ ok: false, error: 'disk full', rowsWritten: 0 });
    expect(out.rowsRead).toBeGreaterThan(50_000);
    expect(await t.rank.counts()).toEqual({ keywords: 0, serpResults: 0, snapshotDates: 0, hosts: 0 });
    // The store is usable afterwards and the same file imports whole.
    expect((await importPaths(t.rank, [path])).written.serpResults).toBe(200_000);
  });

  it('writes nothing of good files when a later file of the import is fatal', async () => {
    const good = file('good.csv', SERP);
    const empty = file('empty.csv', '');
    const out = await importPaths(t.rank, [good, empty]);
    expect(out.ok).toBe(false);
    expect(out.error).toContain('empty.csv');
    expect(out.rejects.at(-1)).toMatchObject({ file: empty, code: 'empty', fatal: true });
    expect(await t.rank.counts()).toMatchObject({ keywords: 0, serpResults: 0 });
  });

  it('rolls back a commit that fails half way (keywords upserted before the failure are gone)', async () => {
    const imp = await t.rank.beginImport();
    await imp.addUrls([
      {
        localId: 0,
        url: 'https://a.example/',
        host: 'a.example',
        domain: 'a.example',
        path: '/',
        title: null,
      },
    ]);
    await imp.addSerpRows({
      count: 1,
      keyword: Int32Array.of(0),
      day: Int32Array.of(20_458),
      position: Uint8Array.of(1),
      resultType: Uint8Array.of(0),
      url: Int32Array.of(7),
      part: Uint16Array.of(0),
    });
    await expect(
      imp.commit({
        keywords: [{ localId: 0, market: 'gb-en', text: 'roof tiles', sv: 10, tags: [], groups: [] }],
        campaign: null,
        searchConsole: null,
      }),
    ).rejects.toThrow(RankInputError);
    expect(await t.rank.counts()).toMatchObject({ keywords: 0, serpResults: 0 });
    expect(await t.rank.readKeywords('gb-en')).toEqual([]);
  });

  it('replaces a snapshot whole, and a later file of one import wins a snapshot both give', async () => {
    await importPaths(t.rank, [file('a.csv', SERP)]);
    const replacement = file(
      'b.csv',
      ['date,market,keyword,position,url', '2026-01-05,gb-en,roof tiles,1,https://d.example/'].join('\n'),
    );
    const out = await importPaths(t.rank, [file('a2.csv', SERP), replacement]);
    expect(out.ok).toBe(true);
    expect(out.warnings.map((w) => w.code)).toContain('superseded-snapshot');
    const [roof] = await t.rank.readKeywords('gb-en').then((k) => k.filter((x) => x.text === 'roof tiles'));
    const rows = await t.rank.readSnapshot('gb-en', '2026-01-05', [roof!.id]);
    expect(rows.map((r) => [r.position, r.host])).toEqual([[1, 'd.example']]);
    expect((await t.rank.counts()).serpResults).toBe(2);
  });

  it('rejects a position repeated anywhere in a file, with its line, and keeps the rest', async () => {
    const out = await importPaths(t.rank, [
      file('dup.csv', `${SERP}\n2026-01-05,gb-en,roof tiles,2,https://e.example/`),
    ]);
    expect(out).toMatchObject({ ok: true, rowsRead: 5, rowsWritten: 4, rowsRejected: 1 });
    expect(out.rejects[0]).toMatchObject({ line: 6, code: 'duplicate-position' });
    expect(out.rejects[0]!.reason).toContain('line 2');
    expect((await t.rank.counts()).serpResults).toBe(4);
  });

  it('keeps known volumes when a file gives none, and updates them when one does', async () => {
    await importPaths(t.rank, [file('kw.csv', 'Keyword,Volume\nroof tiles,1200\nridge tiles,\n')], {
      market: 'gb-en',
    });
    await importPaths(t.rank, [file('a.csv', SERP)]);
    const sv = async () =>
      Object.fromEntries((await t.rank.readKeywords('gb-en')).map((k) => [k.text, k.sv]));
    expect(await sv()).toEqual({ 'roof tiles': 1200, 'ridge tiles': null });
    await importPaths(t.rank, [file('kw2.csv', 'Keyword,Volume\nroof tiles,1300\n')], { market: 'gb-en' });
    expect(await sv()).toEqual({ 'roof tiles': 1300, 'ridge tiles': null });
  });

  it('merges rank-tracker observations into snapshots: only the tracked host changes', async () => {
    await importPaths(t.rank, [file('a.csv', SERP)]);
    const sheet = file(
      'ranks.csv',
      'Keyword,2026-01-05 Desktop\nroof tiles,3\nridge tiles,0\nslate tiles,0\n',
    );
    const out = await importPaths(t.rank, [sheet], { market: 'gb-en', target: 'b.example' });
    expect(out.ok).toBe(true);
    expect(out.written).toMatchObject({ rankObservations: 3, serpResults: 1 });
    const ids = new Map((await t.rank.readKeywords('gb-en')).map((k) => [k.text, k.id]));
    const roof = await t.rank.readSnapshot('gb-en', '2026-01-05', [ids.get('roof tiles')!]);
    // b.example moved from 2 to 3 (taking c.example's place); a.example is untouched.
    expect(roof.map((r) => [r.position, r.host])).toEqual([
      [1, 'a.example'],
      [3, 'b.example'],
    ]);
    // Not ranked where another site holds the snapshot: that snapshot stays; where nothing is stored,
    // the snapshot is recorded as checked and empty.
    expect(await t.rank.readSnapshot('gb-en', '2026-01-05', [ids.get('ridge tiles')!])).toHaveLength(1);
    expect(await t.rank.readEmptySnapshots('gb-en')).toEqual([
      { date: '2026-01-05', keywordId: ids.get('slate tiles')! },
    ]);
    // Importing the same sheet again changes nothing; a full SERP later clears the empty mark.
    const before = await t.rank.counts();
    await importPaths(t.rank, [sheet], { market: 'gb-en', target: 'b.example' });
    expect(await t.rank.counts()).toEqual(before);
    await importPaths(t.rank, [
      file('s.csv', 'date,market,keyword,position,url\n2026-01-05,gb-en,slate tiles,1,https://a.example/s'),
    ]);
    expect(await t.rank.readEmptySnapshots('gb-en')).toEqual([]);
  });

  it('adds the keywords of the campaign’s market to the campaign with their tags, idempotently', async () => {
    const list = file('kw.csv', 'Keyword,Volume,Tags\nroof tiles,1200,roof\nridge tiles,50,roof|ridge\n');
    const out = await importPaths(t.rank, [list, file('a.csv', SERP)], {
      market: 'gb-en',
      campaign: { id: 9, market: 'gb-en' },
    });
    expect(out.written.campaignKeywords).toBe(2);
    const members = await t.rank.readCampaignKeywords(9);
    expect(members.map((m) => m.tags)).toEqual([['roof'], ['ridge', 'roof']]);
    await importPaths(t.rank, [list], { market: 'gb-en', campaign: { id: 9, market: 'gb-en' } });
    expect(await t.rank.readCampaignKeywords(9)).toEqual(members);
    const other = await importPaths(t.rank, [list], {
      market: 'us-en',
      campaign: { id: 9, market: 'gb-en' },
    });
    expect(other.written.campaignKeywords).toBe(0);
    expect(await t.rank.readCampaignKeywords(9)).toEqual(members);
  });

  it('writes nothing on a dry run and counts what it would write', async () => {
    const out = await importPaths(t.rank, [file('a.csv', SERP)], { dryRun: true });
    expect(out).toMatchObject({ ok: true, dryRun: true, rowsWritten: 4 });
    expect(out.written).toMatchObject({ keywords: 2, serpResults: 4, snapshots: 2 });
    expect(await t.rank.counts()).toMatchObject({ keywords: 0, serpResults: 0 });
  });

  it('reports progress in bytes and rows while it reads', async () => {
    const path = join(t.dir, 'big.csv');
    const bytes = await writeSerpCsv(path, 50_000);
    const { openPath } = await import('@ingest/formats/index');
    const { runImport } = await import('@ingest/pipeline/index');
    const seen: number[] = [];
    const out = await runImport(t.rank, { sources: [await openPath(path)], now: new Date() }, (p) => {
      expect(p.bytesTotal).toBe(bytes);
      seen.push(p.bytesRead);
    });
    expect(out.ok).toBe(true);
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.at(-1)).toBe(bytes);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });
});
