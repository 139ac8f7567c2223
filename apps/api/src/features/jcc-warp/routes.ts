import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireIntegrationClient } from '../../http/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import {
  acknowledgementSchema,
  activitySchema,
  additionalQuery,
  appointmentIdQuery,
  availableTimesQuery,
  availableTimesSchema,
  createAppointmentSchema,
  customerFieldsSchema,
  dateRangeQuery,
  dateRangeSchema,
  durationQuery,
  existingAppointmentSchema,
  locationParams,
  locationQuery,
  locationSchema,
  selectedActivitiesQuery,
} from './schemas.js';
import {
  additionalActivities,
  appointmentDetails,
  availableTimes,
  calculateDuration,
  cancel,
  createAppointment,
  dateRange,
  listActivities,
  listLocations,
  oneLocation,
  qrCode,
  requiredCustomerFields,
} from './service.js';

const security = [{ clientCredentials: ['warp-api'] }];
const tags = ['JCC-compatible API'];
const errors = errorResponses(400, 401);
const withNotFound = errorResponses(400, 401, 404);

/**
 * The JCC-Afspraken REST API ("WARP") as Open Forms' `jcc_rest` plugin calls it (DESIGN §4c, §5), at
 * `/api/compat/jcc-warp/v1/`: an adapter over the services Balie's own booking page uses (service.ts).
 * Only integration clients' tokens open it.
 */
const jccWarpRoutes: FastifyPluginAsyncZod = async (app) => {
  const prefix = '/compat/jcc-warp/v1';
  const guarded = { preHandler: requireIntegrationClient };

  // Open Forms' configuration check (`check_config`) asks for the version and needs a 2xx.
  app.get(
    `${prefix}/version`,
    {
      ...guarded,
      schema: {
        tags,
        security,
        response: {
          200: z.object({ warpApiVersion: z.string(), afsprakenVersion: z.string() }),
          ...errors,
        },
      },
    },
    async () => ({ warpApiVersion: '1', afsprakenVersion: 'Balie' }),
  );

  app.get(
    `${prefix}/activity/listforappointment`,
    {
      ...guarded,
      schema: {
        tags,
        security,
        querystring: locationQuery,
        response: { 200: z.array(activitySchema), ...errors },
      },
    },
    async (request) => listActivities(app, request, { locationId: request.query.locationId }),
  );

  app.get(
    `${prefix}/activity/listforappointment/additional`,
    {
      ...guarded,
      schema: {
        tags,
        security,
        querystring: additionalQuery,
        response: { 200: z.array(activitySchema), ...errors },
      },
    },
    async (request) => additionalActivities(app, request, request.query),
  );

  app.get(
    `${prefix}/location`,
    { ...guarded, schema: { tags, security, response: { 200: z.array(locationSchema), ...errors } } },
    async () => listLocations(app),
  );

  app.get(
    `${prefix}/location/forappointment`,
    {
      ...guarded,
      schema: {
        tags,
        security,
        querystring: selectedActivitiesQuery,
        response: { 200: z.array(locationSchema), ...errors },
      },
    },
    async (request) => listLocations(app, request.query.selectedActivityId),
  );

  app.get(
    `${prefix}/location/:id`,
    {
      ...guarded,
      schema: { tags, security, params: locationParams, response: { 200: locationSchema, ...withNotFound } },
    },
    async (request) => oneLocation(app, request.params.id),
  );

  app.get(
    `${prefix}/activity/appointmentdaterange`,
    {
      ...guarded,
      schema: { tags, security, querystring: dateRangeQuery, response: { 200: dateRangeSchema, ...errors } },
    },
    async (request) => dateRange(app, request.query.activityId),
  );

  app.get(
    `${prefix}/appointment/availabletimelist`,
    {
      ...guarded,
      schema: {
        tags,
        security,
        querystring: availableTimesQuery,
        response: { 200: availableTimesSchema, ...errors },
      },
    },
    async (request) => availableTimes(app, request, request.query),
  );

  app.get(
    `${prefix}/appointment/calculateduration`,
    {
      ...guarded,
      schema: { tags, security, querystring: durationQuery, response: { 200: z.number().int(), ...errors } },
    },
    async (request) => calculateDuration(app, request.query),
  );

  app.get(
    `${prefix}/customer/customerfields/required`,
    {
      ...guarded,
      schema: {
        tags,
        security,
        querystring: selectedActivitiesQuery,
        response: { 200: customerFieldsSchema, ...errors },
      },
    },
    async (request) => requiredCustomerFields(app, request.query.selectedActivityId),
  );

  app.post(
    `${prefix}/appointment`,
    {
      ...guarded,
      schema: {
        tags,
        security,
        body: createAppointmentSchema,
        response: { 200: acknowledgementSchema, ...errors },
      },
    },
    async (request) => createAppointment(app, request, request.body),
  );

  app.get(
    `${prefix}/appointment`,
    {
      ...guarded,
      schema: {
        tags,
        security,
        querystring: appointmentIdQuery,
        response: { 200: existingAppointmentSchema, ...withNotFound },
      },
    },
    async (request) => appointmentDetails(app, request, request.query.id),
  );

  app.get(
    `${prefix}/appointment/qrcode`,
    {
      ...guarded,
      schema: {
        tags,
        security,
        querystring: appointmentIdQuery,
        response: { 200: z.string(), ...withNotFound },
      },
    },
    // A bare JSON string, as JCC answers ("e4116a91311be2"): Open Forms reads it with response.json().
    async (request, reply) =>
      reply
        .type('application/json')
        .send(JSON.stringify(await qrCode(app, request, request.query.id)) as never),
  );

  app.delete(
    `${prefix}/appointment`,
    {
      ...guarded,
      schema: {
        tags,
        security,
        querystring: appointmentIdQuery,
        response: { 200: acknowledgementSchema, ...errors },
      },
    },
    async (request) => cancel(app, request, request.query.id),
  );
};

export default jccWarpRoutes;
