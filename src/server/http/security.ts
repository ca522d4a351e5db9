// Security headers through @fastify/helmet. The Content-Security-Policy allows this origin only (no
// external hosts); inline styles are allowed because Mantine and ECharts set style attributes at run time.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export async function installSecurityHeaders(app: FastifyInstance, httpsOnly: boolean): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only behind HTTPS: on plain HTTP (a LAN address) upgrading would break every asset request.
        ...(httpsOnly ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: httpsOnly ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  });
}
