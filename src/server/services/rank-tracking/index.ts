// Rank tracking (issue 29 items 1–3): the use cases behind /api/v1/rank-tracking/{campaign}/. Each call
// resolves the request (organisation, campaign, tracked targets, compared dates), reads the targets' results
// over the stored history up to the end date and the end pages' result types from the RankStore, and builds
// rows, the drawer and the conflicts with the pure reference of src/core/rank-tracking. A table page (or a
// download's every row) is filtered, sorted and chosen in the store (rankTracking.page) and only its rows are
// built.
import type {
  RtConflictsResponse,
  RtKeywordQuery,
  RtKeywordResponse,
  RtTableQuery,
  RtTableResponse,
} from '@contracts/rank-tracking';
import { matchesHostFilter, parseUrlParts } from '@core/host-match';
import {
  bestByDate,
  classicPositions,
  conflictsOf,
  rankTrackingRows,
  tablePageRows,
  type PositionKind,
  type RtFilter,
  type RtRow,
} from '@core/rank-tracking';
import type { ResultType } from '@core/result-types';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { RtPageKeyword } from '@storage/rank-tracking-reads';
import type { AuthContext } from '../../auth/session';
import { notFound } from '../../http/errors';
import type { ExportFormat } from '@contracts/common';
import { exportAs, type FileExport } from '../exports/table-export';
import { rankTable } from './rank-table';
import { campaignKeywords, resolveRequest, type RtRequest } from './request';

/** Every row of the campaign at the request's dates, in keyword order (none without a snapshot). */
async function allRows(rank: RankStore, req: RtRequest, kind: PositionKind): Promise<RtRow[]> {
  const d = req.dates;
  if (d === null) return [];
  const keywords = await campaignKeywords(rank, req);
  const scope = { campaignId: req.campaign.id, market: req.market, keywordIds: null };
  const [hits, pages] = await Promise.all([
    rank.rankTracking.hits({ ...scope, targets: req.targets, from: req.snapshots[0]!, to: d.end }),
    rank.rankTracking.pageTypes({ ...scope, from: d.end, to: d.end }),
  ]);
  const types = new Map<number, ResultType[]>(pages.map((p) => [p.keywordId, p.types]));
  return rankTrackingRows(keywords, hits, types, req.targets.length, d, kind);
}

/** Every domain's rows of these keywords (the page's, with their details), in the order given. */
async function readPageRows(
  rank: RankStore,
  req: RtRequest,
  kind: PositionKind,
  keywords: RtPageKeyword[],
): Promise<RtRow[]> {
  const d = req.dates;
  if (d === null || keywords.length === 0) return [];
  const ids = keywords.map((k) => k.id);
  const hits = await rank.rankTracking.hits({
    campaignId: req.campaign.id,
    market: req.market,
    keywordIds: ids,
    targets: req.targets,
    from: req.snapshots[0]!,
    to: d.end,
  });
  return tablePageRows(keywords, ids, hits, req.targets.length, d, kind);
}

function filterOf(q: RtTableQuery): RtFilter {
  return {
    tags: q.tags ?? [],
    tagsMatch: q.tagsMatch,
    groups: q.groups ?? [],
    text: q.q.trim().toLowerCase(),
    minPosition: q.minPosition ?? null,
    maxPosition: q.maxPosition ?? null,
    movers: q.movers ?? null,
    moveBy: q.moveBy,
    status: q.status ?? null,
    feature: q.feature ?? null,
    featureOwned: q.featureOwned,
    cannibalised: q.cannibalised,
  };
}

/** Keywords whose rows one read builds: a download reads its rows this many at a time. */
const ROWS_PER_READ = 2000;

const targetDtos = (req: RtRequest) =>
  req.targets.map((t) => ({ key: t.key, label: t.label, color: t.color, own: t.own }));

const datesDto = (req: RtRequest) =>
  req.dates === null ? null : { start: req.dates.start, previous: req.dates.previous, end: req.dates.end };

export class RankTrackingService {
  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
  ) {}

  private resolve(auth: AuthContext, id: number, q: RtTableQuery | RtKeywordQuery): Promise<RtRequest> {
    return resolveRequest(this.meta, this.rank, auth, id, q);
  }

  /**
   * The query's page (or, `all`, every row the filters keep), chosen, counted and sorted in the store from
   * the focus domain's hits; only the rows kept then read every domain's history, in chunks of
   * ROWS_PER_READ keywords so that a download of 100,000 keywords never holds all their hits at once.
   */
  private async filtered(
    req: RtRequest,
    q: RtTableQuery,
    all: boolean,
  ): Promise<{ total: number; rows: RtRow[] }> {
    const d = req.dates;
    if (d === null) return { total: 0, rows: [] };
    const page = await this.rank.rankTracking.page({
      campaignId: req.campaign.id,
      market: req.market,
      focus: req.targets[req.focus]!,
      start: d.start,
      previous: d.previous,
      end: d.end,
      history: req.snapshots,
      kind: q.positionKind,
      filter: filterOf(q),
      sort: { field: q.sortField, direction: q.sortDirection },
      offset: all ? 0 : (q.page - 1) * q.pageSize,
      limit: all ? null : q.pageSize,
    });
    const rows: RtRow[] = [];
    for (let i = 0; i < page.keywords.length; i += ROWS_PER_READ) {
      const keywords = page.keywords.slice(i, i + ROWS_PER_READ);
      rows.push(...(await readPageRows(this.rank, req, q.positionKind, keywords)));
    }
    return { total: page.total, rows };
  }

  async table(auth: AuthContext, id: number, q: RtTableQuery): Promise<RtTableResponse> {
    const req = await this.resolve(auth, id, q);
    const [page, summary] = await Promise.all([
      this.filtered(req, q, false),
      this.rank.campaignKeywordSummary(req.campaign.id),
    ]);
    return {
      campaignId: req.campaign.id,
      market: req.campaign.market,
      positionKind: q.positionKind,
      dates: datesDto(req),
      snapshotDates: req.snapshots,
      points: [...(req.dates?.points ?? [])],
      targets: targetDtos(req),
      focus: req.focus,
      tags: summary.tags.map((t) => t.tag),
      groups: summary.groups.map((g) => g.group),
      total: page.total,
      page: q.page,
      pageSize: q.pageSize,
      rows: page.rows.map((r) => ({
        keywordId: r.keyword.id,
        keyword: r.keyword.text,
        volume: r.keyword.sv,
        tags: [...r.keyword.tags],
        groups: [...r.keyword.groups],
        features: r.features,
        cells: r.cells,
      })),
    };
  }

  /** Every row the filters keep, in the table's sort, as a CSV or XLSX file. */
  async download(auth: AuthContext, id: number, q: RtTableQuery, format: ExportFormat): Promise<FileExport> {
    const req = await this.resolve(auth, id, q);
    const page = await this.filtered(req, q, true);
    const table = rankTable(req, page.rows, `rank-tracking-${req.campaign.id}-${req.dates?.end ?? 'none'}`);
    return exportAs(table, format);
  }

  async keyword(
    auth: AuthContext,
    id: number,
    keywordId: number,
    q: RtKeywordQuery,
  ): Promise<RtKeywordResponse> {
    const req = await this.resolve(auth, id, q);
    const [keyword] = await campaignKeywords(this.rank, req, [keywordId]);
    if (keyword === undefined) throw notFound(`keyword ${keywordId} of campaign ${req.campaign.id}`);
    const kind = q.positionKind;
    const d = req.dates;
    const head = {
      keywordId,
      keyword: keyword.text,
      volume: keyword.sv,
      tags: [...keyword.tags],
      groups: [...keyword.groups],
      positionKind: kind,
      targets: targetDtos(req),
    };
    if (d === null)
      return { ...head, points: [], history: [], date: null, serp: [], urlChanges: [], conflicts: [] };
    const scope = { campaignId: req.campaign.id, market: req.market, keywordIds: [keywordId] };
    const first = req.snapshots[0]!;
    const [hits, pages] = await Promise.all([
      this.rank.rankTracking.hits({ ...scope, targets: req.targets, from: first, to: d.end }),
      this.rank.rankTracking.pageTypes({ ...scope, from: first, to: d.end }),
    ]);
    const points = req.snapshots.filter((s) => s <= d.end);
    const shown = q.date ?? d.end;
    const date =
      pages
        .map((p) => p.date)
        .filter((s) => s <= shown)
        .at(-1) ?? null;
    const serpRows = date === null ? [] : await this.rank.readSnapshot(req.market, date, [keywordId]);
    const classic = classicPositions(serpRows);
    const history: RtKeywordResponse['history'] = [];
    const urlChanges: RtKeywordResponse['urlChanges'] = [];
    const conflicts: RtKeywordResponse['conflicts'] = [];
    req.targets.forEach((_, target) => {
      const mine = hits.filter((h) => h.target === target);
      const byDate = bestByDate(mine, d.end, kind);
      history.push({
        positions: points.map((p) => byDate.get(p)?.position ?? null),
        urls: points.map((p) => byDate.get(p)?.url ?? null),
      });
      const all = conflictsOf(mine, { start: first, end: d.end, points }, kind);
      for (const c of all)
        if (c.kind === 'flip') urlChanges.push({ target, date: c.date, from: c.urls[0]!, to: c.urls[1]! });
      for (const c of conflictsOf(mine, d, kind)) conflicts.push({ target, ...c });
    });
    return {
      ...head,
      points,
      history,
      date,
      serp: serpRows.map((r, i) => {
        const parts = parseUrlParts(r.url);
        const target = parts === null ? -1 : req.targets.findIndex((t) => matchesHostFilter(t.filter, parts));
        return {
          position: r.position,
          classic: classic[i]!,
          resultType: r.resultType,
          url: r.url,
          domain: r.domain,
          title: r.title,
          target: target < 0 ? null : target,
        };
      }),
      urlChanges,
      conflicts,
    };
  }

  async conflicts(auth: AuthContext, id: number, q: RtKeywordQuery): Promise<RtConflictsResponse> {
    const req = await this.resolve(auth, id, q);
    const rows = await allRows(this.rank, req, q.positionKind);
    return {
      dates: datesDto(req),
      positionKind: q.positionKind,
      targets: targetDtos(req),
      domains: req.targets.map((_, target) => ({
        target,
        keywords: rows
          .filter((r) => r.cells[target]!.conflicts.length > 0)
          .sort(
            (a, b) =>
              (b.keyword.sv ?? -1) - (a.keyword.sv ?? -1) || (a.keyword.text < b.keyword.text ? -1 : 1),
          )
          .map((r) => ({
            keywordId: r.keyword.id,
            keyword: r.keyword.text,
            volume: r.keyword.sv,
            conflicts: r.cells[target]!.conflicts,
          })),
      })),
    };
  }
}
