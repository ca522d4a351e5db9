// Text filters of the Search Console screens (issue 30): query and page contains / does not contain / equals /
// matches a regular expression / does not match. Both RankStore engines run regular expressions with RE2,
// which has no look-around and no back-references; a pattern that JavaScript cannot compile or that uses
// those is refused here, before any store sees it, with a message saying what to change.

export const GSC_TEXT_OPS = ['contains', 'notContains', 'equals', 'regex', 'notRegex'] as const;
export type GscTextOp = (typeof GSC_TEXT_OPS)[number];

export interface GscTextFilter {
  op: GscTextOp;
  value: string;
}

const UNSUPPORTED = /\(\?<?[=!]|\\[1-9]/u;

/** Null when the pattern is usable on both engines, else why not. */
export function regexProblem(pattern: string): string | null {
  if (UNSUPPORTED.test(pattern)) {
    return 'look-around ((?=, (?!, (?<=, (?<!) and back-references (\\1) are not supported (RE2 syntax)';
  }
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    return (error as Error).message;
  }
  return null;
}

/** Reads `op:value` (value may hold colons); a bare value means contains. */
export function parseTextFilter(raw: string): GscTextFilter | string {
  const at = raw.indexOf(':');
  const op = at < 0 ? '' : raw.slice(0, at);
  if (at < 0 || !(GSC_TEXT_OPS as readonly string[]).includes(op)) return { op: 'contains', value: raw };
  const value = raw.slice(at + 1);
  if (value === '') return `the ${op} filter needs a value after "${op}:"`;
  if (op === 'regex' || op === 'notRegex') {
    const problem = regexProblem(value);
    if (problem !== null) return `the regular expression ${JSON.stringify(value)} is not usable: ${problem}`;
  }
  return { op: op as GscTextOp, value };
}
