// Tag Analysis (issue 29 item 5): the use cases behind /api/v1/tag-analysis/{campaign}. The request resolves
// as rank tracking's (organisation, campaign, tracked domains, compared snapshot dates); the RankStore sums
// each keyword tag or group per point date and tracked domain (campaignVisibility.labelSeries, both engines,
// equal to src/core/metrics/label-analysis.ts) and labelView turns the sums into visibility, share, average
// position and the start → end changes. The matrix reads the span's first and last point only; one label's
// series reads every point of its own keywords. The CTR curve is the default model, as campaign visibility's.
import type { TaQuery, TaResponse, TaSeriesQuery, TaSeriesResponse } from '@contracts/tag-analysis';
import { labelView } from '@core/metrics/label-analysis';
import { RANK_RANGES } from '@core/metrics/ranges';
import type { CvLabelPoint, CvScope } from '@storage/campaign-visibility-reads';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import type { AuthContext } from '../../auth/session';
import type { ExportFormat } from '@contracts/common';
import { campaignCtrModel } from '../ctr-models/resolve';
import { exportAs, type FileExport } from '../exports/table-export';
import { resolveRequest, type RtRequest } from '../rank-tracking/request';
import { matrixTable } from './csv';

const targetDtos = (req: RtRequest) =>
  req.targets.map((t) => ({ key: t.key, label: t.label, color: t.color, own: t.own }));

/** The points of the rows read (the span's dates on which a keyword of a label has a snapshot), ascending. */
const pointsOf = (rows: readonly CvLabelPoint[]) => [...new Set(rows.map((r) => r.date))].sort();

export class TagAnalysisService {
  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
  ) {}

  private async read(
    auth: AuthContext,
    id: number,
    q: TaQuery,
    only: string | null,
    points: 'all' | 'ends',
  ): Promise<{ req: RtRequest; rows: CvLabelPoint[] }> {
    const req = await resolveRequest(this.meta, this.rank, auth, id, { ...q, positionKind: 'absolute' });
    const d = req.dates;
    if (d === null) return { req, rows: [] };
    const ctr = await campaignCtrModel(this.meta, req.campaign);
    const scope: CvScope = {
      campaignId: req.campaign.id,
      market: req.market,
      tags: only !== null && q.kind === 'tags' ? [only] : [],
      tagsMatch: 'any',
      groups: only !== null && q.kind === 'groups' ? [only] : [],
      keywords: [],
      resultTypes: [],
      ctr: ctr.model.values,
    };
    const rows = await this.rank.campaignVisibility.labelSeries(
      scope,
      req.targets.map((t) => ({ key: t.key, filters: [t.filter] })),
      { start: d.start, end: d.end },
      q.kind,
      points,
    );
    return { req, rows };
  }

  async analysis(auth: AuthContext, id: number, q: TaQuery): Promise<TaResponse> {
    const { req, rows } = await this.read(auth, id, q, null, 'ends');
    const points = pointsOf(rows);
    const labels = labelView(
      rows,
      points,
      req.targets.map(() => false),
    );
    return {
      campaignId: req.campaign.id,
      kind: q.kind,
      dates: points.length === 0 ? null : { start: points[0]!, end: points[points.length - 1]! },
      snapshotDates: req.snapshots,
      ranges: RANK_RANGES.map((r) => r.key),
      targets: targetDtos(req),
      labels: labels.map((l) => ({
        label: l.label,
        keywords: l.keywords,
        targets: l.targets.map(({ series: _series, ...rest }) => rest),
      })),
    };
  }

  async series(auth: AuthContext, id: number, q: TaSeriesQuery): Promise<TaSeriesResponse> {
    const { req, rows } = await this.read(auth, id, q, q.label, 'all');
    const mine = rows.filter((r) => r.label === q.label);
    const points = pointsOf(mine);
    const view = labelView(
      mine,
      points,
      req.targets.map(() => false),
    )[0];
    return {
      campaignId: req.campaign.id,
      kind: q.kind,
      label: q.label,
      points,
      targets: targetDtos(req),
      series: req.targets.map((_, i) => view?.targets[i]!.series ?? []),
    };
  }

  /** The matrix as a CSV or XLSX file. */
  async file(auth: AuthContext, id: number, q: TaQuery, format: ExportFormat): Promise<FileExport> {
    const answer = await this.analysis(auth, id, q);
    return exportAs(
      matrixTable(answer, `tag-analysis-${id}-${q.kind}-${answer.dates?.end ?? 'none'}`),
      format,
    );
  }
}
