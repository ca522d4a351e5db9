// The OpenAPI document generated from the zod contracts of every route, served at /api/openapi.json, and
// Swagger UI at /api/docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** Register before the routes: @fastify/swagger collects routes as they are added. */
export async function installOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Sightline API',
        description: 'Search-visibility analytics. Errors are {error: {code, message, details}}.',
        version,
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sightline_session' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
          // Personal access tokens (account menu → API tokens): no cookie and no CSRF token needed.
          apiToken: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer slt_…' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PATH });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
