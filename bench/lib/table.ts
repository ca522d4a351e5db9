// Plain-text and Markdown rendering of a scenario's figures: the same rows print to the console and go into
// bench/RESULTS.md.
export interface Table {
  title: string;
  columns: string[];
  rows: string[][];
  /** Sentences printed and written below the table (what was measured, what has no twin, and why). */
  notes: string[];
}

export function printTable(t: Table): void {
  const widths = t.columns.map((c, i) => Math.max(c.length, ...t.rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${t.title}`);
  console.log(line(t.columns));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of t.rows) console.log(line(r));
  for (const n of t.notes) console.log(`  · ${n}`);
}

export function markdownTable(t: Table): string {
  const escape = (c: string) => c.replaceAll('|', '\\|');
  return [
    `### ${t.title}`,
    '',
    `| ${t.columns.map(escape).join(' | ')} |`,
    `| ${t.columns.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...t.rows.map((r) => `| ${r.map(escape).join(' | ')} |`),
    '',
    ...t.notes.map((n) => `- ${n}`),
  ].join('\n');
}
