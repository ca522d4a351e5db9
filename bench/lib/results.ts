// bench/RESULTS.md: a header with the machine of the last run, then one section per scenario between
// markers, so that running some scenarios replaces their sections and keeps the others' figures.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const HEADER_START = '<!-- machine -->';
const HEADER_END = '<!-- /machine -->';
const start = (name: string) => `<!-- scenario:${name} -->`;
const end = (name: string) => `<!-- /scenario:${name} -->`;

const INTRO = [
  '# Benchmark results',
  '',
  'Written by `npm run bench -- [scenario…]`; each scenario section is replaced when that scenario runs,',
  'so sections may come from different runs (each names its date). Times are wall-clock milliseconds',
  'measured in one Node process; ratio = Sightline median ÷ plain-PostgreSQL median (below 1: Sightline is',
  'faster).',
].join('\n');

/** The sections of an existing file by scenario name, in file order. */
function readSections(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /<!-- scenario:([a-z0-9-]+) -->\n([\s\S]*?)\n<!-- \/scenario:\1 -->/gu;
  for (const m of text.matchAll(re)) out.set(m[1]!, m[2]!);
  return out;
}

export function writeResults(path: string, machine: string, sections: Map<string, string>): void {
  const merged = existsSync(path) ? readSections(readFileSync(path, 'utf8')) : new Map<string, string>();
  for (const [name, body] of sections) merged.set(name, body);
  const parts = [INTRO, '', '## Machine', '', HEADER_START, machine, HEADER_END];
  for (const [name, body] of merged) parts.push('', start(name), body, end(name));
  writeFileSync(path, `${parts.join('\n')}\n`);
}
