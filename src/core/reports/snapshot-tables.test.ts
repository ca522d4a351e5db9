import { describe, expect, it } from 'vitest';
import { canonicalJson, compareTables, tableCsv, tablesOf } from './snapshot-tables';

const answer = (v: number) => ({
  dates: ['2026-01-05', '2026-01-12'],
  domains: [
    { domain: 'a.com', values: [1.5, v], keywords: [{ keyword: 'shoes', position: 3 }] },
    { domain: 'b.com', values: [2, 2], keywords: [] },
  ],
});

describe('snapshot tables', () => {
  it('turn lists of records into tables, series into a column per date, nested lists into keyed tables', () => {
    const [domains, keywords] = tablesOf('vis', answer(4));
    expect(domains).toEqual({
      name: 'vis.domains',
      columns: ['domain', 'values 2026-01-05', 'values 2026-01-12'],
      rows: [
        ['a.com', 1.5, 4],
        ['b.com', 2, 2],
      ],
    });
    expect(keywords).toEqual({
      name: 'vis.domains.keywords',
      columns: ['parent', 'keyword', 'position'],
      rows: [['a.com', 'shoes', 3]],
    });
    expect(tableCsv(domains!)).toBe(
      'domain,values 2026-01-05,values 2026-01-12\r\na.com,1.5,4\r\nb.com,2,2\r\n',
    );
  });

  it('compare two snapshots cell by cell on matched rows', () => {
    const a = tablesOf('vis', answer(4))[0];
    const b = tablesOf('vis', {
      ...answer(7),
      domains: [...answer(7).domains, { domain: 'c.com', values: [0, 1] }],
    })[0];
    const diff = compareTables(a, b);
    expect(diff.changes).toEqual([{ row: 'a.com', column: 'values 2026-01-12', a: 4, b: 7, delta: 3 }]);
    expect(diff.added).toEqual(['c.com']);
    expect(diff.removed).toEqual([]);
  });

  it('write canonical JSON whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(canonicalJson({ a: [{ c: 3, d: 2 }], b: 1 }));
  });
});
