// SQL shared by the RankStore adapters' transfers (duckdb/transfer.ts, clickhouse/transfer.ts): the fold of
// a row's hash components, written once so both engines evaluate the same arithmetic (src/storage/transfer.ts).
import { HASH_MODULUS, HASH_MULTIPLIER } from '../transfer';

/**
 * h = (h·M + c) mod P over the components, from h = 0. Every intermediate stays below 2⁵³ when each
 * component does (h < 2³¹, M < 2²⁰), so signed and unsigned 64-bit engines agree.
 */
export function foldSql(components: readonly string[]): string {
  return components.reduce(
    (h, component) => `((${h}) * ${HASH_MULTIPLIER} + (${component})) % ${HASH_MODULUS}`,
    '0',
  );
}
