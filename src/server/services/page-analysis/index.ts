// Page Analysis (issue 29 item 4): the use cases behind /api/v1/page-analysis/{campaign}/. Each call resolves
// the request as rank tracking does (organisation, campaign, tracked domains, the domain shown as `focus`,
// compared snapshot dates), reads that domain's results on the campaign's keywords between the two dates
// (RankStore rankTracking.hits, both engines) and builds URL rows, one URL's keywords and its visibility
// series with the pure reference of src/core/rank-tracking/page-analysis.ts; conflicts are rank tracking's.
import type { PaPageQuery, PaPageResponse, PaPagesQuery, PaPagesResponse } from '@contracts/page-analysis';
import type { RtBaseQueryParams } from '@contracts/rank-tracking';
import type { CtrModel } from '@core/metrics/ctr-model';
import {
  pageKeywords,
  pageRow,
  pageRows,
  sortPageRows,
  type PageKeyword,
  type PageRow,
  type RankHit,
  type RtKeyword,
} from '@core/rank-tracking';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { AuthContext } from '../../auth/session';
import type { ExportFormat } from '@contracts/common';
import { campaignCtrModel } from '../ctr-models/resolve';
import { exportAs, type FileExport } from '../exports/table-export';
import { campaignKeywords, resolveRequest, type RtRequest } from '../rank-tracking/request';
import { keywordsTable, pagesTable } from './csv';

interface Loaded {
  req: RtRequest;
  keywords: RtKeyword[];
  hits: RankHit[];
  /** The campaign's CTR model. */
  ctr: CtrModel;
}

const head = (req: RtRequest, q: RtBaseQueryParams) => ({
  campaignId: req.campaign.id,
  positionKind: q.positionKind,
  dates: req.dates === null ? null : { start: req.dates.start, end: req.dates.end },
  snapshotDates: req.snapshots,
  points: [...(req.dates?.points ?? [])],
  targets: req.targets.map((t) => ({ key: t.key, label: t.label, color: t.color, own: t.own })),
  focus: req.focus,
});

const keywordDto = (k: PageKeyword): PaPageResponse['keywords'][number] => ({
  keywordId: k.keyword.id,
  keyword: k.keyword.text,
  volume: k.keyword.sv,
  tags: [...k.keyword.tags],
  groups: [...k.keyword.groups],
  position: k.position,
  startPosition: k.startPosition,
  change: k.position === null || k.startPosition === null ? null : k.startPosition - k.position,
  best: k.best,
  bestDate: k.bestDate,
  visibilityScore: k.visibilityScore,
  visibilityScoreStart: k.visibilityScoreStart,
  status: k.status,
  conflicts: k.conflicts,
});

/** A URL's keywords, most visible first (then by volume and text), so that a page starts with what counts. */
function byVisibility(list: PageKeyword[]): PageKeyword[] {
  return list.sort(
    (a, b) =>
      b.visibilityScore - a.visibilityScore ||
      (b.keyword.sv ?? -1) - (a.keyword.sv ?? -1) ||
      (a.keyword.text < b.keyword.text ? -1 : 1),
  );
}

export class PageAnalysisService {
  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
  ) {}

  /** The request, the campaign's keywords and the focus domain's hits from start to end. */
  private async load(auth: AuthContext, id: number, q: RtBaseQueryParams): Promise<Loaded> {
    const req = await resolveRequest(this.meta, this.rank, auth, id, q);
    const ctr = (await campaignCtrModel(this.meta, req.campaign)).model;
    const d = req.dates;
    if (d === null) return { req, keywords: [], hits: [], ctr };
    const [keywords, hits] = await Promise.all([
      campaignKeywords(this.rank, req),
      this.rank.rankTracking.hits({
        campaignId: req.campaign.id,
        market: req.market,
        targets: [req.targets[req.focus]!],
        from: d.start,
        to: d.end,
        keywordIds: null,
        dates: [...d.points],
      }),
    ]);
    return { req, keywords, hits, ctr };
  }

  private rows(l: Loaded, q: RtBaseQueryParams): PageRow[] {
    const d = l.req.dates;
    return d === null ? [] : pageRows(l.keywords, l.hits, d, q.positionKind, l.ctr);
  }

  async pages(auth: AuthContext, id: number, q: PaPagesQuery): Promise<PaPagesResponse> {
    const l = await this.load(auth, id, q);
    const all = this.rows(l, q);
    const kept = sortPageRows(all, { field: q.sortField, direction: q.sortDirection }, q.q);
    const from = (q.page - 1) * q.pageSize;
    return {
      ...head(l.req, q),
      total: kept.length,
      totals: {
        urls: all.length,
        visibilityScore: all.reduce((s, r) => s + r.visibilityScore, 0),
        conflicts: all.filter((r) => r.conflicts > 0).length,
      },
      page: q.page,
      pageSize: q.pageSize,
      rows: kept.slice(from, from + q.pageSize),
    };
  }

  /** The URL table, every row in its sort, as a CSV or XLSX file. */
  async pagesFile(auth: AuthContext, id: number, q: PaPagesQuery, format: ExportFormat): Promise<FileExport> {
    const l = await this.load(auth, id, q);
    const rows = sortPageRows(this.rows(l, q), { field: q.sortField, direction: q.sortDirection }, q.q);
    const name = `page-analysis-${l.req.campaign.id}-${l.req.dates?.end ?? 'none'}`;
    return exportAs(pagesTable(l.req, rows, name), format);
  }

  async page(auth: AuthContext, id: number, q: PaPageQuery): Promise<PaPageResponse> {
    const l = await this.load(auth, id, q);
    const d = l.req.dates;
    const ctr = l.ctr;
    const summary = d === null ? null : pageRow(l.keywords, l.hits, q.url, d, q.positionKind, ctr);
    const keywords =
      d === null ? [] : byVisibility(pageKeywords(l.keywords, l.hits, q.url, d, q.positionKind, ctr));
    return { ...head(l.req, q), url: q.url, summary, keywords: keywords.map(keywordDto) };
  }

  /** One URL's keywords as a CSV or XLSX file. */
  async pageFile(auth: AuthContext, id: number, q: PaPageQuery, format: ExportFormat): Promise<FileExport> {
    const answer = await this.page(auth, id, q);
    return exportAs(
      keywordsTable(answer, `page-analysis-${id}-keywords-${answer.dates?.end ?? 'none'}`),
      format,
    );
  }
}
