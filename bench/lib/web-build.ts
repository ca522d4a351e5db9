// The built web app for scenarios that draw screens in a browser: a vite build of src/web with the project's
// vite.config.ts (the same as `npm run build`) into a folder of the caller's, so the bench measures the
// current source and never rewrites dist/ under a server that may be serving it. About 3 s on 2 cores.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Builds the web app into `outDir` and returns it; throws when the build writes no index.html. */
export async function buildWebApp(outDir: string): Promise<string> {
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    root: join(ROOT, 'src', 'web'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  if (!existsSync(join(outDir, 'index.html')))
    throw new Error(`vite build wrote no ${join(outDir, 'index.html')}; try \`npm run build\` to see why`);
  return outDir;
}
