// The public demo (issue 5): anonymous visitors search one host in one market and get a limited explorer
// summary (contracts/demo.ts says what "limited" is), within an allowance per visitor and per address; past
// it, 402 LIMIT_REACHED. They may ask for a call (stored in the MetaStore), which administrators list.
import {
  DEMO_TOP_KEYWORDS,
  LIMIT_REACHED_CODE,
  type CallRequestBody,
  type CallRequestsResponse,
  type DemoSearchBody,
  type DemoSearchResponse,
  type DemoStatusResponse,
  type DemoSummary,
} from '@contracts/demo';
import type { VeDomainsResponse } from '@contracts/visibility-explorer';
import type { MetaStore } from '@storage/meta-store';
import type { RankStore } from '@storage/rank-store';
import { HttpError, notFound } from '../../http/errors';
import { operatorOrganisationId } from '../market-keys';
import { resolveRequest } from '../visibility-explorer/request';
import { domainSummary } from '../visibility-explorer/summary';
import type { DemoLimits } from './demo-config';
import { SearchCounter } from './search-counter';
import { VisitorSigner, type Visitor } from './visitor';

/** The limited part of an explorer domain summary: no URLs, competitors, rank ranges or result types. */
export function limitSummary(full: VeDomainsResponse): DemoSummary {
  return {
    market: full.market,
    host: full.host,
    startDate: full.startDate,
    endDate: full.endDate,
    date: full.date,
    rankingKeywords: full.rankingKeywords,
    visibilityScore: full.visibilityScore,
    visibilityScoreDeltas: full.visibilityScoreDeltas,
    visibility: full.visibility,
    visibilityDeltas: full.visibilityDeltas,
    series: full.series.map(({ date, visibilityScore, visibility }) => ({
      date,
      visibilityScore,
      visibility,
    })),
    topKeywords: full.topKeywords
      .slice(0, DEMO_TOP_KEYWORDS)
      .map(({ keyword, searchVolume, position, visibilityScore }) => ({
        keyword,
        searchVolume,
        position,
        visibilityScore,
      })),
  };
}

export class DemoService {
  private readonly byVisitor: SearchCounter;
  private readonly byAddress: SearchCounter;
  private readonly signer: VisitorSigner;

  /** @param secretKey the server's secret key, from which the visitor cookie's signing key is derived. */
  constructor(
    private readonly meta: MetaStore,
    private readonly rank: RankStore,
    private readonly now: () => Date,
    private readonly limits: DemoLimits,
    secretKey: Buffer,
  ) {
    this.byVisitor = new SearchCounter(limits.windowMs);
    this.byAddress = new SearchCounter(limits.windowMs);
    this.signer = new VisitorSigner(secretKey);
  }

  /** The visitor of a request: its signed cookie (a fresh one when missing or forged) and its address. */
  identify(cookie: string | undefined, address: string): Visitor {
    return this.signer.identify(cookie, address);
  }

  private allowance(
    visitor: Visitor,
  ): Pick<DemoStatusResponse, 'searchesUsed' | 'searchLimit' | 'limitReached'> {
    const at = this.now().getTime();
    const searchesUsed = this.byVisitor.used(visitor.id, at);
    return {
      searchesUsed,
      searchLimit: this.limits.searchesPerVisitor,
      limitReached:
        searchesUsed >= this.limits.searchesPerVisitor ||
        this.byAddress.used(visitor.address, at) >= this.limits.searchesPerAddress,
    };
  }

  /** The visitor's allowance and the markets they may search: the instance operator's. */
  async status(visitor: Visitor): Promise<DemoStatusResponse> {
    const operator = await operatorOrganisationId(this.meta);
    const markets = operator === null ? [] : await this.meta.listMarkets(operator);
    return { ...this.allowance(visitor), markets: markets.map((m) => ({ code: m.code, name: m.name })) };
  }

  /**
   * One demo search: 402 LIMIT_REACHED once the allowance is used, else the limited summary. Only searches
   * that find data count; a host without rankings answers NO_DATA_FOUND.
   */
  async search(visitor: Visitor, body: DemoSearchBody): Promise<DemoSearchResponse> {
    const before = this.allowance(visitor);
    if (before.limitReached) {
      throw new HttpError(
        402,
        LIMIT_REACHED_CODE,
        `the demo allows ${this.limits.searchesPerVisitor} searches; set up a call with us to see more`,
        { searchLimit: before.searchLimit, searchesUsed: before.searchesUsed },
      );
    }
    // The demo shows the instance operator's rankings only, never another organisation's.
    const operator = await operatorOrganisationId(this.meta);
    if (operator === null) throw notFound(`market ${body.market}`);
    const req = await resolveRequest(
      this.meta,
      this.rank,
      operator,
      body.market,
      { domains: [body.domain], limit: DEMO_TOP_KEYWORDS },
      this.now(),
    );
    const full = await domainSummary(req, DEMO_TOP_KEYWORDS);
    if (full.rankingKeywords === 0 && full.series.every((p) => p.visibilityScore === 0)) {
      return { ...before, status: 'NO_DATA_FOUND', summary: null };
    }
    const at = this.now().getTime();
    this.byVisitor.add(visitor.id, at);
    this.byAddress.add(visitor.address, at);
    return { ...this.allowance(visitor), status: 'OK', summary: limitSummary(full) };
  }

  async requestCall(body: CallRequestBody): Promise<{ received: true; id: number }> {
    const record = await this.meta.createCallRequest(
      {
        name: body.name,
        email: body.email,
        company: body.company,
        preferredTime: body.preferredTime,
        message: body.message === undefined || body.message === '' ? null : body.message,
      },
      this.now().toISOString(),
    );
    return { received: true, id: record.id };
  }

  /** The public demo is the instance operator's: so are its call requests (403 for other organisations). */
  async listCallRequests(organisationId: number, limit: number): Promise<CallRequestsResponse> {
    if (organisationId !== (await operatorOrganisationId(this.meta))) {
      throw new HttpError(
        403,
        'operator_only',
        "the public demo's call requests belong to the instance operator's organisation: ask its administrators",
      );
    }
    return { items: await this.meta.listCallRequests(limit) };
  }
}
