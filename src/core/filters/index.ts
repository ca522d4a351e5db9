// The filter state of spec §3–§5: types, the pure reducer, selectors and the query-parameter builders of §7.
export * from './query-params';
export * from './reducer';
export * from './selectors';
export * from './types';
