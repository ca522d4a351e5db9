import { describe, expect, it } from 'vitest';
import { csvHeader, csvRow, daysBetween, dimensionsOf, syncChunks, syncWindow } from './search-console-sync';

describe('search console sync plan', () => {
  it('backfills 16 months up to three days before today, then only the days after the last stored', () => {
    expect(syncWindow('2026-03-20', null)).toEqual({ from: '2024-11-18', to: '2026-03-17' });
    expect(syncWindow('2026-03-22', '2026-03-17')).toEqual({ from: '2026-03-18', to: '2026-03-19' });
    expect(syncWindow('2026-03-20', '2026-03-17')).toBeNull();
  });

  it('cuts a window into chunks of 31 days at most, whole and in order', () => {
    const w = { from: '2024-11-18', to: '2026-03-17' };
    const chunks = syncChunks(w);
    expect(chunks).toHaveLength(Math.ceil(daysBetween(w.from, w.to) / 31));
    expect(chunks[0]).toEqual({ from: '2024-11-18', to: '2024-12-18' });
    expect(chunks.at(-1)!.to).toBe('2026-03-17');
    expect(chunks.reduce((n, c) => n + daysBetween(c.from, c.to), 0)).toBe(daysBetween(w.from, w.to));
    expect(syncChunks({ from: '2026-03-18', to: '2026-03-18' })).toEqual([
      { from: '2026-03-18', to: '2026-03-18' },
    ]);
  });

  it('reads Discover by page, the other types by query and page', () => {
    expect(dimensionsOf('discover')).toEqual(['date', 'page', 'country', 'device']);
    expect(dimensionsOf('web')).toEqual(['date', 'query', 'page', 'country', 'device']);
    expect(csvHeader('web')).toBe('date,query,page,country,device,clicks,impressions,ctr,position\r\n');
  });

  it('writes rows exactly: quotes only where CSV needs it, numbers unrounded, no formula guard', () => {
    expect(
      csvRow({
        keys: ['2026-03-01', '+44 "phone", cheap', 'https://example.com/a,b', 'usa', 'MOBILE'],
        clicks: 3,
        impressions: 7,
        ctr: 3 / 7,
        position: 4.123456789,
      }),
    ).toBe(
      `2026-03-01,"+44 ""phone"", cheap","https://example.com/a,b",usa,MOBILE,3,7,${3 / 7},4.123456789\r\n`,
    );
  });
});
