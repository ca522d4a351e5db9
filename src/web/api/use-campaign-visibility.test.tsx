import { describe, expect, it } from 'vitest';
import { cvPath, cvSearch } from './cv-paths';
import { cvCsvHref } from './use-campaign-visibility';

describe('campaign-visibility requests (spec §7)', () => {
  it('repeats list names, writes booleans as true/false and leaves out nulls and empty lists', () => {
    expect(
      cvSearch({ campaign: 3, domains: ['a.com', 'b.com'], tags: [], isAndFilter: false, date: null }),
    ).toBe('domains=a.com&domains=b.com&isAndFilter=false');
  });

  it('encodes the dots of column-filter names that have a pipe, and only those', () => {
    const qs = cvSearch({
      campaign: 3,
      columnFilters: { 'visibilityScoreDeltas|1.delta': '5:', keyword: 'a.b' },
    });
    expect(qs).toBe('visibilityScoreDeltas%7C1%2Edelta=5%3A&keyword=a.b');
  });

  it('puts the campaign in the path and drops paging from the CSV address', () => {
    expect(cvPath(3, 'ranking/keywords', { campaign: 3, sortField: 'position|0' })).toBe(
      '/api/v3/campaign-visibility/3/ranking/keywords?sortField=position%7C0',
    );
    expect(
      cvCsvHref('keywords', { campaign: 3, sortDirection: 'desc', page: 2, pageSize: 25, weekly_data: true }),
    ).toBe('/api/v3/campaign-visibility/3/csv/keywords?sortDirection=desc');
  });
});
