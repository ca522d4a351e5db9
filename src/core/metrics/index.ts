// The reference metrics of DESIGN §3 over in-memory data: the oracle that storage adapters are checked against.
export * from './by-label';
export * from './competitors';
export * from './ctr-model';
export * from './deltas';
export * from './label-analysis';
export * from './lost-gained';
export * from './opportunity';
export * from './ranges';
export * from './rank-data';
export * from './result-type-prominence';
export * from './targets';
export * from './visibility';
