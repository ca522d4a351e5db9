// DuckDB adapter of the RankStore port.
export { openDuckDbRankStore, type DuckDbRankStoreOptions } from './store';
