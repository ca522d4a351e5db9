// The built web app's entry stays small: index.html loads one module script (src/web/app/early-boot.ts),
// which sends the first requests before the app is evaluated. Should the entry's static imports grow to pull
// in zod, React or the core filters, those requests would wait for them again, so the size of the entry and
// everything it imports statically is held under a bound. Reads the build that `npm test` makes before this
// project runs (dist/web).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname, '..', 'dist', 'web');
/** Bytes of the entry with its static imports: 16 KB when written; zod alone would add ~60 KB. */
const ENTRY_BOUND = 40_000;

/** Relative static imports of a built chunk (`import … from "./x.js"` and `import "./x.js"`). */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[^"'();]*?\bfrom\s*)?["'](\.\/[^"']+)["']/gu))
    found.add(m[1]!.slice(2));
  return [...found];
}

describe('web entry', () => {
  it('is one module script whose static imports stay under the bound', () => {
    const html = readFileSync(join(WEB, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script type="module"[^>]*\bsrc="\/assets\/([^"]+)"/gu)].map(
      (m) => m[1]!,
    );
    expect(scripts).toHaveLength(1);
    const seen = new Set<string>();
    const queue = [scripts[0]!];
    let bytes = 0;
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const path = join(WEB, 'assets', file);
      expect(existsSync(path), `${file} is imported by the entry but not built`).toBe(true);
      bytes += statSync(path).size;
      queue.push(...staticImports(readFileSync(path, 'utf8')));
    }
    expect(bytes, `the entry and its static imports: ${[...seen].join(', ')}`).toBeLessThan(ENTRY_BOUND);
    // The app itself is a dynamic import of the entry, not a static one.
    expect([...seen].some((f) => f.startsWith('main-'))).toBe(false);
  });
});
