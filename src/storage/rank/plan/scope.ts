// Checks and codes of a read's scope that both RankStore engines apply the same way: the market code, the
// campaign id, the CTR model (100 click probabilities 0–1) and the counted result types (brand with organic).
import { MAX_POSITION } from '@core/ctr';
import { DEFAULT_CTR_MODEL, type CtrModel } from '@core/metrics/ctr-model';
import { isResultType, resultTypeCode, type ResultType } from '@core/result-types';
import type { CvScope } from '../../campaign-visibility-reads';
import { checkMarket, RankInputError } from '../input';

/** A CTR model checked for the port: 100 finite click probabilities 0–1. */
export function checkedCtr(values: readonly number[], id = 'campaign'): CtrModel {
  if (values.length !== MAX_POSITION || values.some((v) => !Number.isFinite(v) || v < 0 || v > 1)) {
    throw new RankInputError(`a CTR model needs ${MAX_POSITION} click probabilities between 0 and 1`);
  }
  return values === DEFAULT_CTR_MODEL.values ? DEFAULT_CTR_MODEL : { id, values };
}

/**
 * The scope of a planned read: a campaign's (CvScope), or with campaignId null every keyword of the market
 * (the visibility explorer's, which has no campaign).
 */
export type ReadScope = Omit<CvScope, 'campaignId'> & { campaignId: number | null };

/** Throws a RankInputError naming the first malformed part of the scope. */
export function checkScope(scope: ReadScope): void {
  checkMarket(scope.market);
  if (scope.campaignId !== null && (!Number.isSafeInteger(scope.campaignId) || scope.campaignId < 1)) {
    throw new RankInputError(`campaign id must be a positive integer, got ${scope.campaignId}`);
  }
  checkedCtr(scope.ctr);
  for (const t of scope.resultTypes) {
    if (!isResultType(t)) throw new RankInputError(`unknown result type ${JSON.stringify(t)}`);
  }
}

/** Codes of the counted result types: brand counts as organic, so either one selects both. */
export function typeCodes(types: readonly ResultType[]): number[] | null {
  if (types.length === 0) return null;
  const codes = new Set<number>();
  for (const t of types) {
    if (t === 'organic' || t === 'brand') {
      codes.add(resultTypeCode('organic'));
      codes.add(resultTypeCode('brand'));
    } else codes.add(resultTypeCode(t));
  }
  return [...codes].sort((a, b) => a - b);
}
