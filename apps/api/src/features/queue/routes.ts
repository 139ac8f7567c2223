import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  displayCallSchema,
  displayKeySchema,
  displayParamsSchema,
  displayQuerySchema,
  idParamsSchema,
  queueCallRequestSchema,
  queueEntryParamsSchema,
  queueEntrySchema,
  queueQuerySchema,
  walkInMinutesSchema,
  walkInRequestSchema,
} from '@balie/shared';
import { actorOf } from '../../audit/actor.js';
import { requireRole } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import { httpError } from '../../http/errors.js';
import { requestLanguage } from '../../http/language.js';
import { CallHub } from './call-hub.js';
import { DISPLAY_STREAM_LIMITS, STREAM_RETRY_AFTER_SECONDS, streamClientKey } from './stream-limits.js';
import {
  actOnEntry,
  callVisitor,
  createWalkIn,
  displayKeyFor,
  displayLocation,
  displayState,
  openDisplayStream,
  renewDisplayKey,
  todaysQueue,
  walkInMinutes,
  type QueueAction,
} from './service.js';

const errors = errorResponses(400, 401, 403);
const security = [{ bearerAuth: [] }];
const tags = ['queue'];
const one = { response: { 200: queueEntrySchema, 404: apiErrorSchema, 409: apiErrorSchema, ...errors } };

/** A comment line now and then keeps proxies from closing a quiet stream and finds dead connections. */
const HEARTBEAT_MS = 20_000;
/** How soon a display's browser reconnects after the stream ends (the SSE `retry` field). */
const RETRY_MS = 2_000;

/**
 * Calling visitors (DESIGN §4b, §5 *Queue*): the queue of today per location, calls, served / back in
 * line / no-show, walk-in tickets and their minutes — for staff (admins included) — and the waiting
 * room's display, open with the location's key: its last calls and a stream of new ones.
 */
const queueRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = requireRole('ROLE_STAFF');
  const hub = new CallHub(() => app.database, app.log);
  // Before Fastify waits for open connections to finish: the streams end, and their displays reconnect
  // to another process (or to this one once it is back).
  app.addHook('preClose', async () => hub.close());

  app.get(
    '/queue',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        querystring: queueQuerySchema,
        response: { 200: z.array(queueEntrySchema), ...errors },
      },
    },
    async (request) => todaysQueue(app, request.query.locationId, requestLanguage(request)),
  );

  app.post(
    '/queue/call',
    { preHandler: staff, schema: { tags, security, body: queueCallRequestSchema, ...one } },
    async (request) => callVisitor(app, actorOf(request), request.body, requestLanguage(request)),
  );

  for (const action of ['served', 'return', 'no-show'] as const satisfies QueueAction[]) {
    app.post(
      `/queue/:entryId/${action}`,
      { preHandler: staff, schema: { tags, security, params: queueEntryParamsSchema, ...one } },
      async (request) =>
        actOnEntry(app, actorOf(request), request.params.entryId, action, requestLanguage(request)),
    );
  }

  app.post(
    '/walk-ins',
    {
      preHandler: staff,
      schema: { tags, security, body: walkInRequestSchema, response: { 201: queueEntrySchema, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await createWalkIn(app, actorOf(request), request.body, requestLanguage(request))),
  );

  app.get(
    '/walk-ins/minutes',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        querystring: queueQuerySchema,
        response: { 200: walkInMinutesSchema, ...errors },
      },
    },
    async (request) => walkInMinutes(app, request.query.locationId),
  );

  app.post(
    '/location/:id/display-key',
    {
      preHandler: requireRole('ROLE_ADMIN'),
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 200: displayKeySchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => ({ displayKey: await renewDisplayKey(app, actorOf(request), request.params.id) }),
  );

  // Staff open their location's display from the queue panel (decision 0424): the key is read, never
  // renewed here, and kept out of caches; users and guests never see it.
  app.get(
    '/location/:id/display-key',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 200: displayKeySchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const displayKey = await displayKeyFor(app, request.params.id);
      reply.header('Cache-Control', 'no-store');
      return { displayKey };
    },
  );

  app.get(
    '/display/:locationId/state',
    {
      schema: {
        tags,
        params: displayParamsSchema,
        querystring: displayQuerySchema,
        response: { 200: z.array(displayCallSchema), 404: apiErrorSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await displayLocation(app, request.params.locationId, request.query.key);
      reply.header('Cache-Control', 'no-store');
      return displayState(app, request.params.locationId);
    },
  );

  app.get(
    '/display/:locationId/events',
    {
      schema: {
        tags,
        description:
          'Server-sent events: `call` with a display call on every call at the location (from any API process). ' +
          'The stream ends when the location’s key is renewed (the old key then answers 404). At most ' +
          `${DISPLAY_STREAM_LIMITS.perLocation} streams per location key and ${DISPLAY_STREAM_LIMITS.perClient} ` +
          `per client address over all processes, ${DISPLAY_STREAM_LIMITS.perProcess} per process: one more ` +
          'is 429 `too_many_requests` with Retry-After.',
        params: displayParamsSchema,
        querystring: displayQuerySchema,
        response: { 404: apiErrorSchema, 400: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { locationId } = request.params;
      const { displayKeyVersion: keyVersion } = await displayLocation(app, locationId, request.query.key);
      await hub.ready().catch((err: unknown) => {
        request.log.error({ err }, 'display calls: cannot listen');
        throw httpError('service_unavailable');
      });
      // The caps of decision 0416: this process's places first (in memory, no query when it is full),
      // then the location's and the address's over every process. The display tries again later.
      const tooMany = () => {
        reply.header('Retry-After', String(STREAM_RETRY_AFTER_SECONDS));
        return httpError('too_many_requests');
      };
      if (!hub.claimPlace()) throw tooMany();
      let streamId: number | null;
      try {
        // Read again now that the hub listens: a renewal committed after this read reaches the hub.
        streamId = await openDisplayStream(app, {
          process: hub.process,
          locationId,
          keyVersion,
          clientKey: streamClientKey(app.config.secret, request.ip),
        });
      } catch (err) {
        void hub.releasePlace();
        throw err;
      }
      if (streamId === null) {
        void hub.releasePlace();
        throw tooMany();
      }
      // Renewed between that read and now: the notice came before the stream could hear it.
      if (hub.renewedSince(locationId, keyVersion)) {
        await hub.releasePlace(streamId);
        throw httpError('not_found');
      }
      // From here to `subscribe` nothing waits: no notice can fall in between.
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store, no-transform',
        Connection: 'keep-alive',
        // nginx and the like: pass each event on at once.
        'X-Accel-Buffering': 'no',
      });
      res.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
      };
      const unsubscribe = hub.subscribe(
        { locationId, keyVersion, streamId },
        (call) => res.write(`event: call\nid: ${call.id}\ndata: ${JSON.stringify(call)}\n\n`),
        () => {
          stop();
          res.end();
        },
      );
      res.on('close', stop);
      // A display that left while its place was being claimed: its place is free again at once.
      if (res.socket?.destroyed ?? true) stop();
    },
  );
};

export default queueRoutes;
