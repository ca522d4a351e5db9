import { describe, expect, it } from 'vitest';
import { PALETTE } from '../palette';
import {
  campaignRankingParams,
  campaignViewParams,
  cvQueryParams,
  cvResultTypeProminenceParams,
  decodeFilterName,
  encodeFilterName,
  formatFieldId,
  keywordQueryParams,
  marketRankingParams,
  parseFieldId,
  rankingPayload,
  rankingRequestParams,
  summaryParams,
  thirdViewParams,
  urlSortKey,
  veQueryParams,
  veResultTypeProminenceParams,
} from './query-params';
import { reduceFilters, type FilterAction } from './reducer';
import { urlFilterColour, urlFilterOwner } from './selectors';
import { createFilterState, type FilterName, type FilterState } from './types';

const T = 1_700_000_000_000;
const run = (...actions: FilterAction[]) =>
  actions.reduce<FilterState>((s, a) => reduceFilters(s, a).state, createFilterState({ now: T }));
const add = (filter: FilterName, ...values: string[]): FilterAction => ({
  type: 'add',
  filter,
  entries: values.map((value) => ({ value })),
  now: T,
});

/** a.com, b.com (hidden), blog.c.com; tags brand+shoes (AND); group g1; domain group 9; keyword k. */
const full = run(
  add('domains', 'a.com', 'b.com', 'blog.c.com'),
  { type: 'toggleActive', filter: 'domains', value: 'b.com', now: T },
  add('keywordTags', 'brand', 'shoes'),
  add('keywordGroup', 'g1'),
  { type: 'addDomainGroup', group: { value: '9', members: ['d.com'] }, now: T },
  add('keywords', 'cheap flights'),
  add('resultTypes', 'news'),
);
const empty = createFilterState({ now: T });
const ctx = { campaign: 12, market: 'gb-en', date: '2024-06-30' };

describe('spec §7 parameter shapes', () => {
  it('"Campaign ranking data: campaign; when non-empty domains, domainGroups, groups, tags; date (end date)."', () => {
    expect(campaignRankingParams(full, ctx)).toEqual({
      campaign: 12,
      domains: ['a.com', 'blog.c.com'],
      domainGroups: ['9'],
      groups: ['g1'],
      keywords: ['cheap flights'],
      tags: ['brand', 'shoes'],
      isAndFilter: true,
      date: '2024-06-30',
    });
    expect(campaignRankingParams(empty, { campaign: 12 })).toEqual({ campaign: 12 });
  });

  it('"With a URL filter: URL filter parameters and sortKey (position of the URL\'s domain in selected domains)."', () => {
    // selected domains: a.com (0), b.com (1, hidden but selected), blog.c.com (2)
    const s = reduceFilters(full, {
      type: 'set',
      filter: 'url',
      value: 'https://blog.c.com/post',
      now: T,
    }).state;
    expect(urlSortKey(s)).toBe(2);
    expect(campaignRankingParams(s, ctx)).toMatchObject({ url: 'https://blog.c.com/post', sortKey: 2 });
    // www.a.com is not a selected value, but a.com (a registrable domain) covers it
    const w = reduceFilters(full, { type: 'set', filter: 'url', value: 'http://www.a.com/', now: T }).state;
    expect(urlSortKey(w)).toBe(0);
    // a URL outside the selected domains: URL parameter without sortKey
    const o = reduceFilters(full, { type: 'set', filter: 'url', value: 'https://zzz.org/', now: T }).state;
    expect(campaignRankingParams(o, ctx)).toMatchObject({ url: 'https://zzz.org/' });
    expect(campaignRankingParams(o, ctx)).not.toHaveProperty('sortKey');
  });

  it('"Keyword/market ranking: market; when present keywords, domains, date; same URL filter and sortKey."', () => {
    expect(marketRankingParams(full, ctx)).toEqual({
      market: 'gb-en',
      keywords: ['cheap flights'],
      domains: ['a.com', 'blog.c.com'],
      date: '2024-06-30',
    });
    expect(marketRankingParams(empty, { market: 'gb-en' })).toEqual({ market: 'gb-en' });
  });

  it('"Third view: always campaign, domains, domainGroups (may be empty); result types and date if set; tags if non-empty."', () => {
    expect(thirdViewParams(empty, { campaign: 3 })).toEqual({ campaign: 3, domains: [], domainGroups: [] });
    expect(thirdViewParams(full, ctx)).toEqual({
      campaign: 12,
      domains: ['a.com', 'blog.c.com'],
      domainGroups: ['9'],
      kwResultTypes: ['news'],
      date: '2024-06-30',
      tags: ['brand', 'shoes'],
      isAndFilter: true,
    });
  });

  it('"Campaign view data: campaign, optional groups, tags, date."', () => {
    expect(campaignViewParams(empty, { campaign: 1 })).toEqual({ campaign: 1 });
    expect(campaignViewParams(full, ctx)).toEqual({
      campaign: 12,
      groups: ['g1'],
      tags: ['brand', 'shoes'],
      isAndFilter: true,
      date: '2024-06-30',
    });
  });

  it('"VE result-type prominence: domains, date, market, keywords. Campaign result-type prominence: domains, tags, groups, domainGroups, date, campaign."', () => {
    expect(veResultTypeProminenceParams(full, ctx)).toEqual({
      domains: ['a.com', 'blog.c.com'],
      date: '2024-06-30',
      market: 'gb-en',
      keywords: ['cheap flights'],
    });
    expect(cvResultTypeProminenceParams(full, ctx)).toEqual({
      domains: ['a.com', 'blog.c.com'],
      tags: ['brand', 'shoes'],
      isAndFilter: true,
      groups: ['g1'],
      domainGroups: ['9'],
      date: '2024-06-30',
      campaign: 12,
    });
  });

  it('"VE query: market, domains (active values), optional date."', () => {
    expect(veQueryParams(full, ctx)).toEqual({
      market: 'gb-en',
      domains: ['a.com', 'blog.c.com'],
      date: '2024-06-30',
    });
    expect(veQueryParams(empty, { market: 'gb-en' })).toEqual({ market: 'gb-en', domains: [] });
  });

  it('"CV query: campaign (\'-\' when absent), domains, useWholeMarket (default false), domainGroups only if non-empty."', () => {
    expect(cvQueryParams(empty, {})).toEqual({ campaign: '-', domains: [], useWholeMarket: false });
    const whole = reduceFilters(full, { type: 'set', filter: 'useWholeMarket', value: true, now: T }).state;
    expect(cvQueryParams(whole, ctx)).toEqual({
      campaign: 12,
      domains: ['a.com', 'blog.c.com'],
      useWholeMarket: true,
      domainGroups: ['9'],
    });
  });

  it('"Keyword query: market, domains, keywords."', () => {
    expect(keywordQueryParams(full, ctx)).toEqual({
      market: 'gb-en',
      domains: ['a.com', 'blog.c.com'],
      keywords: ['cheap flights'],
    });
  });

  it('"Summaries: domains (array), tags, groups, domainGroups; explorer: keywords; others: date, kwResultTypes, useWholeMarket."', () => {
    expect(summaryParams(full, ctx, 'campaign')).toEqual({
      ok: true,
      params: {
        campaign: 12,
        market: 'gb-en',
        domains: ['a.com', 'blog.c.com'],
        tags: ['brand', 'shoes'],
        isAndFilter: true,
        groups: ['g1'],
        domainGroups: ['9'],
        keywords: ['cheap flights'],
        date: '2024-06-30',
        kwResultTypes: ['news'],
        useWholeMarket: false,
      },
    });
    const ve = summaryParams(full, { market: 'gb-en' }, 'explorer');
    expect(ve.ok && ve.params.keywords).toEqual(['cheap flights']);
    expect(ve.ok && 'campaign' in ve.params).toBe(false);
  });

  it('spec §5 "Domain summaries require campaign, market and domains."', () => {
    expect(summaryParams(empty, {}, 'campaign')).toEqual({
      ok: false,
      missing: ['campaign', 'market', 'domains'],
    });
    expect(summaryParams(full, { campaign: 1 }, 'campaign')).toEqual({ ok: false, missing: ['market'] });
    expect(summaryParams(empty, { market: 'gb-en' }, 'explorer')).toEqual({
      ok: false,
      missing: ['domains'],
    });
  });

  it('"Ranking query payload: domains (at most one), campaign, optional tags, groups." / §5 "A ranking query uses at most the first selected domain."', () => {
    expect(rankingPayload(full, ctx)).toEqual({
      domains: ['a.com'],
      campaign: 12,
      tags: ['brand', 'shoes'],
      isAndFilter: true,
      groups: ['g1'],
    });
    expect(rankingPayload(empty, ctx)).toEqual({ domains: [], campaign: 12 });
  });

  it("date: the chart's point date when the date filter is set, the range end otherwise", () => {
    const s = reduceFilters(full, { type: 'set', filter: 'date', value: '2024-05-06', now: T }).state;
    expect(campaignViewParams(s, ctx).date).toBe('2024-05-06');
    const off = reduceFilters(s, { type: 'toggleActive', filter: 'date', now: T }).state;
    expect(campaignViewParams(off, ctx).date).toBe('2024-06-30');
  });
});

describe('spec §7 ranking requests', () => {
  it('"Query parameters for ranking requests: sortField, sortDirection, sortKey plus filters; filter-name dots are encoded when the name contains a pipe."', () => {
    expect(
      rankingRequestParams({
        sortField: 'positionDeltas|1.delta',
        sortDirection: 'desc',
        sortKey: 1,
        filters: { 'positionDeltas|1.percentageDelta': '>10', 'keyword.text': 'shoe' },
      }),
    ).toEqual({
      sortField: 'positionDeltas|1.delta',
      sortDirection: 'desc',
      sortKey: 1,
      'positionDeltas|1%2EpercentageDelta': '>10',
      'keyword.text': 'shoe',
    });
  });

  it('encodes and decodes filter names symmetrically', () => {
    for (const n of ['a|0.delta', 'visibilityScoreDeltas|12.percentageDelta', 'plain.name', 'x']) {
      expect(decodeFilterName(encodeFilterName(n))).toBe(n);
    }
    expect(encodeFilterName('plain.name')).toBe('plain.name');
  });

  it("spec §3 \"a grouped-field id may include a domain index … suffix 'Deltas', separator '|', delta display 'delta' or 'percentageDelta'\"", () => {
    expect(parseFieldId('position')).toEqual({ field: 'position', domainIndex: null, display: null });
    expect(parseFieldId('position|3')).toEqual({ field: 'position', domainIndex: 3, display: null });
    expect(parseFieldId('visibilityScoreDeltas|0.percentageDelta')).toEqual({
      field: 'visibilityScoreDeltas',
      domainIndex: 0,
      display: 'percentageDelta',
    });
    expect(parseFieldId('position.delta')).toBeNull(); // only …Deltas fields have a display
    expect(parseFieldId('a|b')).toBeNull();
    const id = { field: 'svDeltas', domainIndex: 2, display: 'delta' as const };
    expect(parseFieldId(formatFieldId(id))).toEqual(id);
  });
});

describe('URL filter colour (spec §3)', () => {
  it('"it is used to look up a colour among active domains or domain groups"', () => {
    const s = reduceFilters(full, { type: 'set', filter: 'url', value: 'https://www.a.com/x', now: T }).state;
    expect(urlFilterColour(s)).toBe(PALETTE[0]); // a.com
    // b.com is hidden (inactive): no colour from it
    const b = reduceFilters(full, { type: 'set', filter: 'url', value: 'https://b.com/', now: T }).state;
    expect(urlFilterColour(b)).toBeNull();
    // d.com is a member of active domain group 9
    const d = reduceFilters(full, { type: 'set', filter: 'url', value: 'https://d.com/p', now: T }).state;
    expect(urlFilterOwner(d)?.value).toBe('9');
    expect(urlFilterColour(d)).toBe(full.filters.domainGroups[0]!.color);
  });
});
