// Market explorer (spec §2, issue 6 item 2): the keywords a URL or host ranks for in a market, with position,
// URL, volume, visibility score and their change over `time`. Data at
// /api/market-explorer/existing/url/keywords/data (host, time, market) and the CSV at …/csv (host, market:
// the CSV has no time parameter in spec §2, so it covers the default year). The rows are the explorer's
// keyword ranking (veKeywordRankingResponse) over [today − time, today].
import { z } from 'zod';
import { hostParam, marketParam, timeSpanParam } from './common';

export const MARKET_EXPLORER_BASE = '/api/market-explorer/existing/url/keywords';

const sorting = {
  sortField: z.string().max(100).optional().describe('A field id; …Deltas fields sort by delta'),
  sortDirection: z.enum(['asc', 'desc'], { error: 'expected asc or desc' }).optional(),
};

export const marketExplorerQuery = z.object({
  host: hostParam,
  market: marketParam,
  time: timeSpanParam,
  ...sorting,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(50),
});
export type MarketExplorerQuery = z.infer<typeof marketExplorerQuery>;

export const marketExplorerCsvQuery = z.object({ host: hostParam, market: marketParam, ...sorting });
export type MarketExplorerCsvQuery = z.infer<typeof marketExplorerCsvQuery>;
