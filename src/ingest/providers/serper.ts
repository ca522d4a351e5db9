// Serper (serper.dev), Google search. POST /search with the key in the X-API-KEY header and a JSON body
// {q, gl, hl, num}; Serper has no device parameter (desktop results only). Written from Serper's public
// documentation (serper.dev playground and its published response schema): no real Serper response is in
// ../shared/data/serp-api, so test/rank-checks/fixtures/serper-documented.json is a response written from
// that documentation, labelled as such.
//
// Serper's JSON, like SerpApi's, lists the page's blocks by kind without saying where they stood, and its
// keys are SerpApi's in camelCase (organic → organic_results, answerBox → answer_box, peopleAlsoAsk →
// related_questions, topStories → top_stories, places → local_results, knowledgeGraph → knowledge_graph,
// images → inline_images, videos → inline_videos). So a Serper response is rewritten into that shape and
// read by the SerpApi format parser, which gives it the same documented fixed layout (formats/README.md).
// Serper states no date: the snapshot date is the day the response was received. relatedSearches and
// sitelinks occupy no rank and are dropped.
import type { ResultType } from '@core/result-types';
import { endpoint, field, jsonOrNull, parseDocument, statusVerdict, utf8 } from './common';
import { marketParts } from './markets';
import type { ImportDocument, ParseContext, ProviderDescriptor } from './types';

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function list(v: unknown): Obj[] {
  return Array.isArray(v) ? v.filter(isObj) : [];
}

/** Keeps the named string and number fields of an item, renamed (`from → to`). */
function pick(o: Obj, fields: Record<string, string>): Obj {
  const out: Obj = {};
  for (const [from, to] of Object.entries(fields)) {
    const v = o[from];
    if (typeof v === 'string' || typeof v === 'number') out[to] = v;
  }
  return out;
}

/** A Serper response in SerpApi's shape; an `error` document when it is not a Serper response. */
export function serperAsSerpApi(doc: unknown, fetchedAt: Date): Obj {
  if (!isObj(doc) || !isObj(doc['searchParameters'])) {
    return { error: 'not a Serper response (no searchParameters)' };
  }
  const params = doc['searchParameters'];
  const type = field(params, 'type');
  if (type !== null && type !== 'search') {
    return { error: `Serper search type ${type} is not a Google web search` };
  }
  const out: Obj = {
    search_metadata: { status: 'Success', created_at: fetchedAt.toISOString() },
    search_parameters: {
      engine: 'google',
      ...pick(params, { q: 'q', gl: 'gl', hl: 'hl' }),
      device: 'desktop',
    },
  };
  const box = doc['answerBox'];
  if (isObj(box)) out['answer_box'] = pick(box, { title: 'title', link: 'link' });
  const linked = (key: string, to: string) => {
    const items = list(doc[key]).map((o) => pick(o, { title: 'title', link: 'link', question: 'question' }));
    if (items.length > 0) out[to] = items;
  };
  linked('topStories', 'top_stories');
  const places = list(doc['places']).map((o) => pick(o, { title: 'title', website: 'website' }));
  if (places.length > 0) out['local_results'] = places;
  linked('peopleAlsoAsk', 'related_questions');
  linked('videos', 'inline_videos');
  linked('images', 'inline_images');
  const organic = list(doc['organic']).map((o) =>
    pick(o, { position: 'position', title: 'title', link: 'link' }),
  );
  if (organic.length > 0) out['organic_results'] = organic;
  const kg = doc['knowledgeGraph'];
  if (isObj(kg)) {
    const source = field(kg, 'descriptionLink');
    out['knowledge_graph'] = {
      ...pick(kg, { title: 'title', website: 'website' }),
      ...(source !== null ? { source: { link: source } } : {}),
    };
  }
  return out;
}

function document(body: string, ctx: ParseContext): ImportDocument {
  const doc = jsonOrNull(body);
  // Text that is not JSON goes through as it is, so the parser's message gives the line and column.
  if (doc === null) return { format: 'serpapi', name: ctx.name, bytes: utf8(body) };
  return {
    format: 'serpapi',
    name: ctx.name,
    bytes: utf8(JSON.stringify(serperAsSerpApi(doc, ctx.fetchedAt))),
  };
}

const TYPES: readonly ResultType[] = [
  'organic',
  'featured_snippet',
  'local_pack',
  'news',
  'video',
  'image',
  'people_also_ask',
  'knowledge_panel',
];

export const serper: ProviderDescriptor = {
  id: 'serper',
  label: 'Serper',
  keyHint: 'the API key of your Serper account (serper.dev/api-key)',
  baseUrl: 'https://google.serper.dev',
  capabilities: {
    resultTypes: TYPES,
    countries: 'any',
    devices: ['desktop'],
    maxDepth: 100,
    depth: 100,
    maxResultsPerRequest: 100,
  },
  // List price: the Starter package, 50,000 credits for US$50 (serper.dev pricing), is US$0.001 a credit;
  // a query with num=100 costs 2 credits, so US$0.002 per request at depth 100.
  costPerRequestUsd: 0.002,
  // Serper's pricing table gives 50 queries a second for the Starter package.
  rateLimit: { requestsPerSecond: 50, burst: 50, concurrency: 20 },

  buildRequest(keyword, market, options) {
    const p = marketParts(market);
    if (p.device === 'mobile') {
      throw new RangeError(`Serper has no mobile results; market ${market} needs another provider`);
    }
    return {
      url: endpoint(options.baseUrl ?? this.baseUrl, '/search'),
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-API-KEY': options.apiKey,
      },
      body: JSON.stringify({
        q: keyword,
        gl: p.country,
        hl: p.language,
        num: options.depth ?? this.capabilities.depth,
      }),
    };
  },

  importFormat: 'serpapi',
  importDocument: document,

  parse(body, ctx) {
    return parseDocument(document(body, ctx), ctx);
  },

  verdict(status, body) {
    return statusVerdict(this.label, status, body, (b) => field(jsonOrNull(b), 'message'));
  },
};
