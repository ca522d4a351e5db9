// The fifteen plain-PostgreSQL twins of the cv scenario, each with the check that its answer equals the
// endpoint's (the embedded store's answer, taken once before timing): what is compared is what the twin
// computes — counts and names exactly, visibility scores within a relative 1e-9, order where the endpoint
// defines one.
import type pg from 'pg';
import type {
  CvAutocompleteResponse,
  CvCompetitorsResponse,
  CvDomainsResponse,
  CvFiltersResponse,
  CvKeywordRankingResponse,
  CvLabelShareResponse,
  CvRankRangesResponse,
  CvResultTypeProminenceResponse,
  CvSearchVolumeRangesResponse,
  CvUrlRankingResponse,
  CvVisibilityScoreLostResponse,
  CvWholeMarketResponse,
} from '@contracts/campaign-visibility';
import { DEFAULT_CTR } from '@core/ctr';
import { SEARCH_VOLUME_RANGES } from '@core/metrics';
import { RESULT_TYPES } from '@core/result-types';
import { Agreement, csvFirstCells } from '../lib/agreement';
import { twinCompetitors, twinDomains, twinRankRanges } from './cv-postgres';
import {
  twinAutocomplete,
  twinFilters,
  twinKeywordTable,
  twinLabels,
  twinLost,
  twinTypeScores,
  twinUrlTable,
  twinVolumes,
  twinWholeMarket,
  type KeywordCell,
  type TwinAsk,
} from './cv-twins';

export interface TwinCase {
  endpoint: string;
  run: () => Promise<unknown>;
  /** Compares the twin's answer with the endpoint's (JSON, or CSV text). */
  check: (twin: unknown, api: unknown) => Agreement;
}

/** The screen's request parameters the twins must mirror. */
export interface ScreenParams {
  leagueLimit: number;
  lostTop: number;
  pageSize: number;
  autocomplete: { q: string; limit: number };
}

function twinCase<R, A>(
  endpoint: string,
  run: () => Promise<R>,
  check: (twin: R, api: A) => Agreement,
): TwinCase {
  return { endpoint, run, check: (twin, api) => check(twin as R, api as A) };
}

/** Keyword-table cells grouped by keyword, in page order. */
function byKeyword(cells: readonly KeywordCell[]): KeywordCell[][] {
  const out: KeywordCell[][] = [];
  for (const c of cells) {
    const last = out[out.length - 1];
    if (last && last[0]!.keyword_id === c.keyword_id) last.push(c);
    else out.push([c]);
  }
  return out;
}

function checkLabels(rows: Awaited<ReturnType<typeof twinLabels>>, api: CvLabelShareResponse): Agreement {
  const g = new Agreement();
  const labels = [...new Set(rows.map((r) => r.label))];
  g.same('labels', labels.join('|'), api.items.map((i) => i.label).join('|'));
  for (const item of api.items) {
    const mine = rows.filter((r) => r.label === item.label);
    g.same(`${item.label} keywords`, mine[0]?.keywords, item.keywords);
    item.domains.forEach((d, t) => {
      g.num(`${item.label}[${t}] VS`, mine.find((r) => r.t === t)?.vs ?? 0, d.visibilityScore);
    });
  }
  return g;
}

export function twinCases(client: pg.Client, ask: TwinAsk, p: ScreenParams): TwinCase[] {
  const { campaignId, start, end, targets } = ask;
  return [
    twinCase(
      'filters',
      () => twinFilters(client, ask),
      (rows, api: CvFiltersResponse) => {
        const g = new Agreement();
        const of = (kind: string) => rows.filter((r) => r.kind === kind);
        const counts = (kind: string) => new Map(of(kind).map((r) => [r.value, r.keywords]));
        const tags = counts('tag');
        const groups = counts('group');
        g.same('tags', tags.size, api.tags.length);
        for (const t of api.tags) g.same(`tag ${t.value}`, tags.get(t.value), t.keywords);
        g.same('groups', groups.size, api.groups.length);
        for (const x of api.groups) g.same(`group ${x.value}`, groups.get(x.value), x.keywords);
        g.same('keywords', of('keywords')[0]?.keywords, api.keywords);
        g.same(
          'dates',
          of('date')
            .map((r) => r.value)
            .sort()
            .join(','),
          api.dates.join(','),
        );
        return g;
      },
    ),
    twinCase(
      'domains',
      () => twinDomains(client, campaignId, start, end, targets),
      (rows, api: CvDomainsResponse) => {
        const g = new Agreement();
        g.same('point dates', new Set(rows.map((r) => r.point)).size, api.dates.length);
        for (const row of rows) {
          if (row.t === null || row.vs === null) continue;
          const j = api.dates.indexOf(row.point);
          g.num(`${row.point}[${row.t}]`, row.vs, api.items[row.t]?.series[j]?.visibilityScore);
        }
        return g;
      },
    ),
    twinCase(
      'whole-market',
      () => twinWholeMarket(client, ask, DEFAULT_CTR[0]!),
      (rows, api: CvWholeMarketResponse) => {
        const g = new Agreement();
        g.same('points', rows.length, api.market.length);
        rows.forEach((r, i) => {
          const m = api.market[i];
          g.same(`date ${i}`, r.point, m?.date);
          g.same(`${r.point} keywords`, r.keywords, m?.keywords);
          g.num(`${r.point} max VS`, r.top, m?.maxVisibilityScore);
          g.num(`${r.point} market VS`, r.market, m?.visibilityScore);
        });
        return g;
      },
    ),
    twinCase(
      'result-type-prominence',
      () => twinTypeScores(client, ask),
      (rows, api: CvResultTypeProminenceResponse) => {
        const g = new Agreement();
        const key = (t: number, date: string, type: string) => `${t} ${date} ${type}`;
        const twin = new Map(rows.map((r) => [key(r.t, r.point, RESULT_TYPES[r.type]!), r.vs]));
        api.items.forEach((item, t) => {
          for (const s of item.series) {
            for (const x of s.types)
              g.num(key(t, s.date, x.resultType), twin.get(key(t, s.date, x.resultType)), x.visibilityScore);
          }
        });
        return g;
      },
    ),
    twinCase('tags', () => twinLabels(client, ask, 'tags'), checkLabels),
    twinCase('visibility-share', () => twinLabels(client, ask, 'groups'), checkLabels),
    twinCase(
      'rank-ranges',
      () => twinRankRanges(client, campaignId, end, targets),
      (rows, api: CvRankRangesResponse) => {
        const g = new Agreement();
        api.items.forEach((item, t) => {
          for (const r of item.ranges) {
            g.same(
              `${t} ${r.key}`,
              rows.find((x) => x.t === t && x.key === r.key)?.keywords ?? 0,
              r.keywords,
            );
          }
        });
        return g;
      },
    ),
    twinCase(
      'search-volume-ranges',
      () => twinVolumes(client, ask),
      (rows, api: CvSearchVolumeRangesResponse) => {
        const g = new Agreement();
        const keyOf = (bucket: number | null) =>
          bucket === null ? 'unknown' : SEARCH_VOLUME_RANGES[bucket]!.key;
        for (const item of api.items) {
          const mine = rows.filter((r) => keyOf(r.bucket) === item.key);
          g.same(`${item.key} keywords`, mine[0]?.keywords ?? 0, item.keywords);
          item.domains.forEach((d, t) => {
            const r = mine.find((x) => x.t === t);
            g.same(`${item.key}[${t}] ranking`, r?.ranking ?? 0, d.ranking);
            g.num(`${item.key}[${t}] VS`, r?.vs ?? 0, d.visibilityScore);
          });
        }
        return g;
      },
    ),
    twinCase(
      'visibility-score-lost',
      () => twinLost(client, ask),
      (rows, api: CvVisibilityScoreLostResponse) => {
        const g = new Agreement();
        api.items.forEach((item, t) => {
          const r = rows.find((x) => x.t === t);
          g.num(`${t} lost`, r?.lost ?? 0, item.lost);
          g.num(`${t} gained`, r?.gained ?? 0, item.gained);
        });
        return g;
      },
    ),
    twinCase(
      'competitors',
      () => twinCompetitors(client, campaignId, start, end, p.leagueLimit),
      (rows, api: CvCompetitorsResponse) => {
        const g = new Agreement();
        g.same('total', rows[0]?.total ?? 0, api.total);
        rows.forEach((r, i) => {
          g.same(`#${i + 1}`, r.domain, api.items[i]?.domain);
          g.num(`${r.domain} VS`, r.vs, api.items[i]?.visibilityScore);
        });
        return g;
      },
    ),
    twinCase(
      'ranking/keywords',
      () => twinKeywordTable(client, ask, { limit: p.pageSize, bySearchVolume: false }),
      (cells, api: CvKeywordRankingResponse) => {
        const g = new Agreement();
        const rows = byKeyword(cells);
        g.same('rows', rows.length, api.items.length);
        rows.forEach((row, i) => {
          const item = api.items[i];
          g.same(`#${i + 1}`, row[0]!.keyword_id, item?.keywordId);
          for (const c of row) {
            g.same(`#${i + 1}[${c.t}] position`, c.pos, item?.domains[c.t]?.position);
            g.num(`#${i + 1}[${c.t}] VS`, c.vs, item?.domains[c.t]?.visibilityScore);
          }
        });
        return g;
      },
    ),
    twinCase(
      'ranking/urls',
      () => twinUrlTable(client, ask, p.pageSize),
      (rows, api: CvUrlRankingResponse) => {
        const g = new Agreement();
        g.same('rows', rows.length, api.items.length);
        rows.forEach((r, i) => {
          const item = api.items[i];
          g.same(`#${i + 1}`, r.url, item?.url);
          g.same(`${r.url} keywords`, r.keywords, item?.keywords);
          g.same(`${r.url} best`, r.best, item?.bestPosition);
          g.num(`${r.url} VS`, r.vs, item?.visibilityScore);
        });
        return g;
      },
    ),
    twinCase(
      'autocomplete',
      () => twinAutocomplete(client, ask, p.autocomplete.q, p.autocomplete.limit),
      (rows, api: CvAutocompleteResponse) => {
        const g = new Agreement();
        const names = rows.filter((r) => r.kind !== 'keyword');
        const keywords = rows.filter((r) => r.kind === 'keyword');
        g.same(
          'hosts',
          names.map((r) => `${r.kind}:${r.value}`).join(','),
          api.domains.map((d) => `${d.kind}:${d.value}`).join(','),
        );
        names.forEach((r, i) => g.num(`${r.value} VS`, r.score, api.domains[i]?.visibilityScore));
        g.same(
          'keywords',
          keywords.map((r) => r.value).join(','),
          api.keywords.map((k) => k.keyword).join(','),
        );
        return g;
      },
    ),
    twinCase(
      'csv/keywords',
      () => twinKeywordTable(client, ask, { limit: null, bySearchVolume: true }),
      (cells, csv: string) => {
        const g = new Agreement();
        const texts = byKeyword(cells).map((row) => row[0]!.text);
        const lines = csvFirstCells(csv);
        g.same('rows', texts.length, lines.length);
        g.same('keyword order', texts.join('\n'), lines.join('\n'));
        return g;
      },
    ),
    twinCase(
      'csv/urls',
      () => twinUrlTable(client, ask, null),
      (rows, csv: string) => {
        const g = new Agreement();
        const lines = csvFirstCells(csv);
        g.same('rows', rows.length, lines.length);
        g.same('URL order', rows.map((r) => r.url).join('\n'), lines.join('\n'));
        return g;
      },
    ),
  ];
}
