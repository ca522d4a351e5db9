// The resource cache of spec §3–§5 as a pure state machine; the web layer drives it over TanStack Query.
export * from './cache';
export * from './types';
export * from './validation';
