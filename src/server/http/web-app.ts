// Serves the built single-page app from SIGHTLINE_WEB_DIR and answers unknown routes: /api and /auth get
// the 404 error envelope; any other GET that is not a file gets index.html so the web router can take it;
// without a build every such GET answers 503 saying how to build the app.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { sendNotFoundRoute } from './errors';

const SERVER_PREFIXES = ['/api/', '/auth/'];
/** Vite writes content-hashed bundles under /assets/; they never change, so they cache for a year. */
const ASSETS = '/assets/';

const isServerPath = (path: string) =>
  SERVER_PREFIXES.some((p) => path === p.slice(0, -1) || path.startsWith(p));

export async function installWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const built = existsSync(join(webDir, 'index.html'));
  if (built) {
    const assetsDir = join(webDir, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: webDir,
      index: 'index.html',
      // Our setHeaders decides caching; @fastify/static would otherwise overwrite it with max-age=0.
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead || isServerPath(path) || path.startsWith(ASSETS)) return sendNotFoundRoute(request, reply);
    if (!built) {
      return reply.code(503).type('text/plain; charset=utf-8').send('web app not built: run npm run build\n');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
