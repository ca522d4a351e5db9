// SerpApi Google responses (engines google, google_light, google_light_fast): one response or an array of
// them. SerpApi's JSON says which blocks a page had but not where they stood, so the page is laid out in a
// fixed order (formats/README.md): AI overview, answer box, top stories, local pack, people-also-ask,
// videos, shopping, images, organic results, then the knowledge panel of the right-hand column. Ads, related
// searches, pagination and sitelinks occupy no rank.
import type { ResultType } from '@core/result-types';
import type { ParseBatch } from '../records';
import type { FileContext } from './context';
import { arr, isObject, num, obj, readJson, str } from './json';
import type { Json, JsonObject } from './json';
import { at, emitSnapshot } from './serp-blocks';
import type { SerpBlock, SerpItem } from './serp-blocks';
import type { ByteSource } from './text';

const ENGINES = new Set(['google', 'google_light', 'google_light_fast']);

export async function* parseSerpApi(source: ByteSource, ctx: FileContext): AsyncGenerator<ParseBatch> {
  const read = await readJson(source, ctx);
  if ('doc' in read) {
    const responses = Array.isArray(read.doc) ? read.doc : [read.doc];
    responses.forEach((r, i) => {
      ctx.rowsRead++;
      serpApiResponse(ctx, r, Array.isArray(read.doc) ? `[${i}]` : '');
    });
  }
  yield ctx.finish(read.bytes);
}

function serpApiResponse(ctx: FileContext, doc: Json, pointer: string): void {
  const r = obj(doc);
  const where = { pointer: pointer || '(document)' };
  if (r === null) {
    ctx.reject(null, 'invalid-value', 'expected a SerpApi response object', where);
    return;
  }
  const error = str(r['error']);
  const meta = obj(r['search_metadata']);
  const params = obj(r['search_parameters']);
  if (error !== null || (meta && str(meta['status']) !== null && str(meta['status']) !== 'Success')) {
    ctx.reject(null, 'invalid-value', `the search failed: ${error ?? str(meta?.['status'])}`, where);
    return;
  }
  if (meta === null || params === null) {
    ctx.reject(
      null,
      'invalid-value',
      'not a SerpApi response (no search_metadata or search_parameters)',
      where,
    );
    return;
  }
  const engine = str(params['engine']) ?? 'google';
  if (!ENGINES.has(engine)) {
    ctx.reject(
      null,
      'invalid-value',
      `engine ${engine} is not a Google web search (google, google_light, google_light_fast)`,
      where,
    );
    return;
  }
  const device = str(params['device']);
  if (device !== null && device !== 'desktop' && device !== 'mobile') {
    ctx.reject(null, 'invalid-market', `device ${device} is not tracked (desktop or mobile)`, where);
    return;
  }
  const hl = str(params['hl']);
  const paid = arr(r['ads']).length;
  if (paid > 0) ctx.warnings.add('paid-skipped', 'ads occupy no rank and were not stored', undefined, paid);
  emitSnapshot(
    ctx,
    {
      keyword: str(params['q']),
      date: str(meta['created_at']),
      market: {
        country: str(params['gl'])?.toLowerCase() ?? null,
        language: hl === null ? null : hl.slice(0, 2).toLowerCase(),
        device: device === 'mobile' ? 'mobile' : 'desktop',
      },
      pointer: where.pointer,
    },
    serpApiBlocks(r, pointer),
  );
}

/** The page's blocks in the fixed SerpApi layout order. */
export function serpApiBlocks(r: JsonObject, base: string): SerpBlock[] {
  const blocks: SerpBlock[] = [];
  const single = (key: string, type: ResultType, link: (o: JsonObject) => string | null) => {
    const items = r[key];
    for (const [i, v] of (Array.isArray(items) ? items : items === undefined ? [] : [items]).entries()) {
      const o = obj(v);
      if (o === null) continue;
      const p = at(base, Array.isArray(items) ? `${key}[${i}]` : key);
      blocks.push({ type, pointer: p, items: [{ url: link(o), title: str(o['title']), pointer: p }] });
    }
  };
  const list = (
    key: string,
    type: ResultType,
    values: Json[],
    link: (o: JsonObject) => string | null,
    sub = '',
  ) => {
    if (values.length === 0) return;
    const p = at(base, key + sub);
    const items: SerpItem[] = [];
    values.forEach((v, i) => {
      const o = obj(v);
      if (o !== null)
        items.push({ url: link(o), title: str(o['title']) ?? str(o['question']), pointer: `${p}[${i}]` });
    });
    blocks.push({ type, pointer: p, items });
  };
  const link = (o: JsonObject) => str(o['link']);

  single('ai_overview', 'ai_overview', (o) => firstReference(o));
  single('answer_box', 'featured_snippet', link);
  const stories = r['top_stories'];
  if (Array.isArray(stories)) list('top_stories', 'news', stories, link);
  else if (isObject(stories)) {
    for (const [k, v] of Object.entries(stories))
      if (Array.isArray(v)) list('top_stories', 'news', v, link, `.${k}`);
  }
  const local = r['local_results'];
  const places = Array.isArray(local) ? local : arr(obj(local)?.['places']);
  list(Array.isArray(local) ? 'local_results' : 'local_results.places', 'local_pack', places, (o) => {
    return str(obj(o['links'])?.['website']) ?? str(o['website']);
  });
  const questions = arr(r['related_questions']);
  if (questions.length > 0) {
    const p = at(base, 'related_questions');
    const items: SerpItem[] = [];
    questions.forEach((v, i) => {
      const q = obj(v);
      if (q === null) return;
      const ai = str(q['type']) === 'ai_overview';
      items.push({
        url: str(q['link']) ?? (ai ? firstReference(q) : null),
        title: str(q['title']) ?? str(q['question']),
        type: ai ? 'ai_overview' : 'people_also_ask',
        pointer: `${p}[${i}]`,
      });
    });
    blocks.push({ type: 'people_also_ask', pointer: p, items });
  }
  list('inline_videos', 'video', arr(r['inline_videos']), link);
  list(
    'shopping_results',
    'shopping',
    arr(r['shopping_results']),
    (o) => str(o['link']) ?? str(o['product_link']),
  );
  list(
    'inline_shopping',
    'shopping',
    arr(r['inline_shopping']),
    (o) => str(o['link']) ?? str(o['product_link']),
  );
  list('immersive_products', 'shopping', arr(r['immersive_products']), link);
  list('inline_images', 'image', arr(r['inline_images']), (o) => str(o['source']) ?? str(o['link']));
  const organic = arr(r['organic_results'])
    .map((v, i) => ({ v, i, pos: num(obj(v)?.['position']) ?? Number.MAX_SAFE_INTEGER }))
    .sort((a, b) => a.pos - b.pos || a.i - b.i);
  for (const { v, i } of organic) {
    const o = obj(v);
    if (o === null) continue;
    const p = at(base, `organic_results[${i}]`);
    blocks.push({
      type: 'organic',
      pointer: p,
      items: [{ url: link(o), title: str(o['title']), pointer: p }],
    });
  }
  single('knowledge_graph', 'knowledge_panel', (o) => str(o['website']) ?? str(obj(o['source'])?.['link']));
  return blocks;
}

function firstReference(o: JsonObject): string | null {
  for (const ref of arr(o['references'])) {
    const l = str(obj(ref)?.['link']);
    if (l !== null) return l;
  }
  return null;
}
