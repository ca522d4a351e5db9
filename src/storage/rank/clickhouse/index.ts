// ClickHouse adapter of the RankStore port.
export { openClickHouseRankStore, type ClickHouseRankStoreOptions } from './store';
