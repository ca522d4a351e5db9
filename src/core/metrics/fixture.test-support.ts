// The small hand-checked fixture of the metric tests (imported only by *.test.ts). Positions use the default
// CTR curve: c1 .285, c2 .157, c3 .110, c4 .080, c5 .072, c6 .051, c7 .040, c9 .028, c12 .0118.
//
// keywords: k1 sv 1000 tags [brand] group g1; k2 sv 200 tags [brand, shoes] group g1;
//           k3 sv unknown tags [shoes] group g2; k4 sv 50 tags [shoes] group g2.
// snapshots: 2024-01-01 (k1 k2 k3 k4), 2024-01-05 (k3 only), 2024-01-08 (k1 k2).
import type { ResultType } from '../result-types';
import { buildRankData, type MetricKeyword, type MetricResult } from './rank-data';
import { domainTarget } from './targets';

export const D1 = '2024-01-01';
export const D_MID = '2024-01-05';
export const D2 = '2024-01-08';

export const KEYWORDS: MetricKeyword[] = [
  { id: 1, sv: 1000, tags: ['brand'], groups: ['g1'], text: 'alpha shoes' },
  { id: 2, sv: 200, tags: ['brand', 'shoes'], groups: ['g1'], text: 'beta shoes' },
  { id: 3, sv: null, tags: ['shoes'], groups: ['g2'], text: 'gamma shoes' },
  { id: 4, sv: 50, tags: ['shoes'], groups: ['g2'], text: 'delta shoes' },
];

const r = (keywordId: number, date: string, position: number, resultType: ResultType, url: string) => ({
  keywordId,
  date,
  position,
  resultType,
  url,
});

export const RESULTS: MetricResult[] = [
  r(1, D1, 1, 'organic', 'https://www.a.com/'),
  r(1, D1, 2, 'brand', 'https://blog.a.com/post'),
  r(1, D1, 3, 'organic', 'https://b.com/x'),
  r(1, D1, 5, 'news', 'https://shop.c.co.uk/n'),
  r(2, D1, 1, 'organic', 'https://b.com/y'),
  r(2, D1, 2, 'organic', 'https://d.org/'),
  r(2, D1, 4, 'organic', 'https://www.a.com/shop/shoes'),
  r(2, D1, 6, 'video', 'https://c.co.uk/v'),
  r(3, D1, 1, 'organic', 'https://www.a.com/'),
  r(4, D1, 2, 'organic', 'https://c.co.uk/z'),
  r(4, D1, 12, 'organic', 'https://www.a.com/shop'),
  r(3, D_MID, 1, 'organic', 'https://b.com/z'),
  r(1, D2, 1, 'organic', 'https://b.com/x'),
  r(1, D2, 2, 'organic', 'https://www.a.com/'),
  r(1, D2, 7, 'news', 'https://shop.c.co.uk/n'),
  r(2, D2, 1, 'organic', 'https://b.com/y'),
  r(2, D2, 3, 'organic', 'https://www.a.com/shop/shoes'),
  r(2, D2, 4, 'featured_snippet', 'https://blog.a.com/post'),
];

export const DATA = buildRankData(KEYWORDS, RESULTS);
export const ALL = [1, 2, 3, 4];
export const SPAN = { start: D1, end: D2 };

/** a.com (domain: www., blog.), b.com, c.co.uk (public suffix co.uk), host www.a.com, path www.a.com/shop. */
export const A = domainTarget('a.com');
export const B = domainTarget('b.com');
export const C = domainTarget('c.co.uk');
export const H = domainTarget('www.a.com');
export const P = domainTarget('www.a.com/shop');
