// The import pipeline (issue 3): parse → normalise → validate → write, one all-or-nothing RankStore commit per
// import. The CLI, the upload screen and the API all run imports through runImport.
export { LIST_CAP, runImport } from './run-import';
export type { ImportOutcome, ImportPhase, ImportProgress, ImportRequest } from './run-import';
export type { ImportWarning } from './stager';
export { describeReject, describeWarning } from './describe';
