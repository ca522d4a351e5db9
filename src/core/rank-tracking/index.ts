// Rank tracking (issue 29): positions, rows, table filters and cannibalisation, pure.
export * from './cannibalisation';
export * from './dates';
export * from './positions';
export * from './rows';
export * from './table';
export * from './page-analysis';
