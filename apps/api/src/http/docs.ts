import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas: JSON at /api/docs/json, Swagger UI at /api/docs. */
export async function installDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Balie API',
        description: 'Appointment booking for public service desks',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Integration clients (Open Forms and the like, DESIGN §4c): tokens for the integration routes.
          clientCredentials: {
            type: 'oauth2',
            flows: {
              clientCredentials: {
                tokenUrl: '/api/oauth/token',
                scopes: { 'warp-api': 'The JCC-compatible API (/api/compat/jcc-warp/v1/)' },
              },
            },
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI's pages get their own policy: its scripts are files ('self'), its widgets set inline
    // styles. Its default policy would allow https: styles and an outside validator; ours allows none.
    staticCSP: true,
    transformStaticCSP: () =>
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
      "font-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
    uiConfig: { deepLinking: false, validatorUrl: null },
  });
}
