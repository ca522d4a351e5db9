// ValueSERP / ScaleSERP Google responses, bare or wrapped as `{status, data}`, one or an array. These
// providers number the page's blocks (`block_position`), so the page order is theirs: blocks sorted by
// block_position, a number missing from the sequence is a block the response does not describe and still
// occupies one rank, and the items of one block (a local pack) take one rank each. Ads (block_position
// `top`/`bottom`) occupy none; blocks without a block_position (the knowledge panel) come last.
import type { ResultType } from '@core/result-types';
import type { ParseBatch } from '../records';
import type { FileContext } from './context';
import { arr, num, obj, readJson, str } from './json';
import type { Json, JsonObject } from './json';
import { at, emitSnapshot } from './serp-blocks';
import type { SerpBlock, SerpItem } from './serp-blocks';
import type { ByteSource } from './text';

/** Response keys holding result lists, with their result type. */
const LISTS: [string, ResultType][] = [
  ['ai_overview', 'ai_overview'],
  ['answer_box', 'featured_snippet'],
  ['top_stories', 'news'],
  ['local_results', 'local_pack'],
  ['related_questions', 'people_also_ask'],
  ['inline_videos', 'video'],
  ['inline_shopping', 'shopping'],
  ['shopping_results', 'shopping'],
  ['inline_images', 'image'],
  ['organic_results', 'organic'],
  ['knowledge_graph', 'knowledge_panel'],
];

export async function* parseValueSerp(source: ByteSource, ctx: FileContext): AsyncGenerator<ParseBatch> {
  const read = await readJson(source, ctx);
  if ('doc' in read) {
    const docs = Array.isArray(read.doc) ? read.doc : [read.doc];
    docs.forEach((d, i) => {
      ctx.rowsRead++;
      valueSerpResponse(ctx, d, Array.isArray(read.doc) ? `[${i}]` : '');
    });
  }
  yield ctx.finish(read.bytes);
}

function valueSerpResponse(ctx: FileContext, doc: Json, base: string): void {
  let r = obj(doc);
  let pointer = base;
  const wrapped = r !== null && obj(r['data']) !== null && r['search_parameters'] === undefined;
  if (wrapped) {
    const status = str(r!['status']);
    if (status !== null && status !== 'success') {
      ctx.reject(null, 'invalid-value', `the search failed: status ${status}`, {
        pointer: base || '(document)',
      });
      return;
    }
    r = obj(r!['data']);
    pointer = at(base, 'data');
  }
  const where = { pointer: pointer || '(document)' };
  if (r === null) {
    ctx.reject(null, 'invalid-value', 'expected a ValueSERP response object', where);
    return;
  }
  const info = obj(r['request_info']);
  if (info && info['success'] === false) {
    ctx.reject(
      null,
      'invalid-value',
      `the search failed: ${str(info['message']) ?? 'request_info.success is false'}`,
      where,
    );
    return;
  }
  const params = obj(r['search_parameters']);
  const meta = obj(r['search_metadata']);
  if (params === null) {
    ctx.reject(null, 'invalid-value', 'not a ValueSERP response (no search_parameters)', where);
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
      date: str(meta?.['created_at']),
      market: {
        country: str(params['gl'])?.toLowerCase() ?? null,
        language: hl === null ? null : hl.slice(0, 2).toLowerCase(),
        device: device === 'mobile' ? 'mobile' : 'desktop',
      },
      pointer: where.pointer,
    },
    valueSerpBlocks(r, pointer),
  );
}

interface Placed {
  block: number;
  type: ResultType;
  item: SerpItem;
  order: number;
}

export function valueSerpBlocks(r: JsonObject, base: string): SerpBlock[] {
  const placed: Placed[] = [];
  const unplaced: SerpBlock[] = [];
  let order = 0;
  for (const [key, type] of LISTS) {
    const v = r[key];
    const list: Json[] = Array.isArray(v) ? v : v === undefined ? [] : [v];
    list.forEach((e, i) => {
      const o = obj(e);
      if (o === null) return;
      const pointer = at(base, Array.isArray(v) ? `${key}[${i}]` : key);
      const item: SerpItem = {
        url: itemLink(o, type),
        title: str(o['title']) ?? str(o['question']),
        pointer,
      };
      const pos = o['block_position'];
      const block = num(pos);
      if (block !== null && block >= 1) placed.push({ block, type, item, order: order++ });
      else if (pos === undefined || pos === null) unplaced.push({ type, pointer, items: [item] });
    });
  }
  placed.sort((a, b) => a.block - b.block || a.order - b.order);
  const blocks: SerpBlock[] = [];
  let expected = 1;
  for (const p of placed) {
    const last = blocks[blocks.length - 1];
    if (last !== undefined && p.block === expected - 1) {
      last.items.push(p.item);
      continue;
    }
    // Block numbers the response skips stand for blocks it does not describe: one rank each.
    for (; expected < p.block; expected++)
      blocks.push({ type: 'other', pointer: `${base}(block ${expected})`, items: [] });
    blocks.push({ type: p.type, pointer: p.item.pointer, items: [p.item] });
    expected = p.block + 1;
  }
  return [...blocks, ...unplaced];
}

function itemLink(o: JsonObject, type: ResultType): string | null {
  if (type === 'local_pack') return str(o['link']) ?? str(o['website']);
  if (type === 'shopping') return str(o['link']) ?? str(o['product_link']);
  if (type === 'knowledge_panel') return str(o['website']) ?? str(obj(o['source'])?.['link']);
  if (type === 'ai_overview') return str(o['link']) ?? str(obj(arr(o['sources'])[0])?.['link']);
  return str(o['link']);
}
