// DataForSEO SERP API responses (Google organic, regular or advanced, and local finder): `tasks[].result[]`,
// one SERP snapshot per result, items in `rank_absolute` order. DataForSEO numbers every element of the page,
// ads included; Sightline's positions are that order with ads and navigation widgets (related searches,
// refinement chips) left out, so they equal `rank_absolute` minus the ads ranked above. An element that
// holds several links (top stories, videos, people-also-ask in advanced mode) takes one rank per link.
import type { ResultType } from '@core/result-types';
import type { ParseBatch } from '../records';
import type { FileContext } from './context';
import { countryFromLocationCode } from './countries';
import { arr, num, obj, readJson, str } from './json';
import type { Json, JsonObject } from './json';
import { at, emitSnapshot } from './serp-blocks';
import type { SerpBlock, SerpItem } from './serp-blocks';
import type { ByteSource } from './text';

/** DataForSEO item types → result types; types absent here that carry a URL are stored as `other`. */
const TYPES: Record<string, ResultType> = {
  organic: 'organic',
  featured_snippet: 'featured_snippet',
  answer_box: 'featured_snippet',
  local_pack: 'local_pack',
  map: 'local_pack',
  maps: 'local_pack',
  top_stories: 'news',
  news: 'news',
  video: 'video',
  short_videos: 'video',
  images: 'image',
  shopping: 'shopping',
  popular_products: 'shopping',
  google_flights: 'other',
  people_also_ask: 'people_also_ask',
  knowledge_graph: 'knowledge_panel',
  ai_overview: 'ai_overview',
};

/** Elements that occupy no rank in Sightline: ads and navigation. */
const NO_RANK = new Set(['paid', 'related_searches', 'people_also_search', 'refinement_chips', 'pagination']);

export async function* parseDataForSeo(source: ByteSource, ctx: FileContext): AsyncGenerator<ParseBatch> {
  const read = await readJson(source, ctx);
  if ('doc' in read) {
    const docs = Array.isArray(read.doc) ? read.doc : [read.doc];
    docs.forEach((d, i) => dataForSeoDocument(ctx, d, Array.isArray(read.doc) ? `[${i}]` : ''));
  }
  yield ctx.finish(read.bytes);
}

function dataForSeoDocument(ctx: FileContext, doc: Json, base: string): void {
  const d = obj(doc);
  if (d === null || !Array.isArray(d['tasks'])) {
    ctx.reject(null, 'invalid-value', 'not a DataForSEO response (no tasks array)', {
      pointer: base || '(document)',
    });
    return;
  }
  arr(d['tasks']).forEach((t, ti) => {
    const task = obj(t);
    const tp = at(base, `tasks[${ti}]`);
    if (task === null) return;
    const status = num(task['status_code']);
    if (status !== null && status !== 20000) {
      ctx.reject(
        null,
        'invalid-value',
        `the task failed: ${status} ${str(task['status_message']) ?? ''}`.trim(),
        { pointer: tp },
      );
      return;
    }
    const data = obj(task['data']) ?? {};
    arr(task['result']).forEach((res, ri) => {
      const result = obj(res);
      if (result === null) return;
      ctx.rowsRead++;
      snapshot(ctx, data, result, at(tp, `result[${ri}]`));
    });
  });
}

function snapshot(ctx: FileContext, data: JsonObject, result: JsonObject, pointer: string): void {
  const check = str(result['check_url']);
  let gl: string | null = null;
  let hl: string | null = null;
  if (check !== null) {
    try {
      const u = new URL(check);
      gl = u.searchParams.get('gl');
      hl = u.searchParams.get('hl');
    } catch {
      // A check URL that is not a URL leaves the market to the language code and the market option.
    }
  }
  const language = str(result['language_code']) ?? str(data['language_code']) ?? hl;
  const device = str(data['device']);
  const items = arr(result['items'])
    .map((v, i) => ({ o: obj(v), i }))
    .filter((x): x is { o: JsonObject; i: number } => x.o !== null)
    .map((x) => ({ ...x, rank: num(x.o['rank_absolute']) ?? Number.MAX_SAFE_INTEGER }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i);
  const blocks: SerpBlock[] = [];
  let paid = 0;
  for (const { o, i } of items) {
    const type = str(o['type']) ?? '';
    if (NO_RANK.has(type)) {
      if (type === 'paid') paid++;
      continue;
    }
    const p = at(pointer, `items[${i}]`);
    blocks.push({ type: TYPES[type] ?? 'other', pointer: p, items: links(o, p) });
  }
  if (paid > 0) ctx.warnings.add('paid-skipped', 'ads occupy no rank and were not stored', undefined, paid);
  emitSnapshot(
    ctx,
    {
      keyword: str(result['keyword']) ?? str(data['keyword']),
      date: str(result['datetime']),
      market: {
        country: gl?.toLowerCase() ?? locationCountry(result, data),
        language: language === null ? null : language.slice(0, 2).toLowerCase(),
        device: device === 'mobile' ? 'mobile' : device === 'desktop' ? 'desktop' : null,
      },
      pointer,
    },
    blocks,
  );
}

/** The country of the task's `location_code` (the result's, else the request's), when it names a country. */
function locationCountry(result: JsonObject, data: JsonObject): string | null {
  const code = num(result['location_code']) ?? num(data['location_code']);
  return code === null ? null : countryFromLocationCode(code);
}

/** The links an element shows: its own URL, or those of its nested items (advanced mode). */
function links(o: JsonObject, p: string): SerpItem[] {
  const own = str(o['url']);
  const title = str(o['title']);
  if (own !== null && own !== '') return [{ url: own, title, pointer: p }];
  const nested: SerpItem[] = [];
  const collect = (list: Json[], key: string) =>
    list.forEach((v, i) => {
      const n = obj(v);
      if (n === null) return;
      const u = str(n['url']) ?? str(obj(arr(n['expanded_element'])[0])?.['url']);
      if (u !== null) nested.push({ url: u, title: str(n['title']), pointer: `${p}.${key}[${i}]` });
    });
  collect(arr(o['items']), 'items');
  collect(arr(o['references']), 'references');
  return nested.length > 0 ? nested : [{ url: null, title, pointer: p }];
}
