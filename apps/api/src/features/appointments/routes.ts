import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentHistoryEntrySchema,
  appointmentLanguageSchema,
  appointmentSchema,
  checkInRequestSchema,
  createAppointmentRequestSchema,
  EXPORT_CSV_FILENAME,
  EXPORT_PDF_FILENAME,
  idParamSchema,
  idParamsSchema as idParams,
  pageSchema,
  patchAppointmentRequestSchema,
  tokenSchema,
} from '@balie/shared';
import { appointmentHistory } from '../../audit/read.js';
import { currentUser, isStaff, requireAuth, requireRole } from '../../http/auth.js';
import { httpError } from '../../http/errors.js';
import { appointmentByToken, appointmentFor } from './access.js';
import { auditExport } from './audit.js';
import { todayCsv, todayPdf } from './exports.js';
import {
  listAppointments,
  listAppointmentsPaginated,
  listQuerySchema,
  paginatedQuerySchema,
  presentAppointments,
  todayQuerySchema,
  todaysViews,
} from './list.service.js';
import { enqueueDueReminders } from './mail-templates/reminders.js';
import { toAppointment } from './presenter.js';
import { viewOf } from './repository.js';
import { checkIn, checkInByCode, checkInByToken } from './check-in.service.js';
import { confirmByToken } from './visitor-confirm.service.js';
import { cancelAppointment, confirmReservation, deleteAppointment, patchAppointment } from './service.js';
import { errorResponses } from '../../http/error-responses.js';
import { runAtStartAndEvery } from '../../http/periodic.js';

const errors = errorResponses(400, 401, 403, 404, 409, 410);
const security = [{ bearerAuth: [] }];
const tokenParams = z.object({ token: tokenSchema });
/** The exports: in a language, of every location or of one (`locationId`, DESIGN §5). */
const exportQuery = z.object({
  language: appointmentLanguageSchema.optional(),
  locationId: idParamSchema.optional(),
});
/** How often each process looks for reminders to queue; the query itself makes sure each goes once. */
const REMINDER_INTERVAL_MS = 5 * 60_000;

/** Appointments after booking (DESIGN §5): by token for guests, own ones for users, all for staff
 * (the desk's people and admins; DESIGN §4b). Deleting one stays with admins. */
const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['appointments'];
  const one = { response: { 200: appointmentSchema, ...errors } };

  app.post(
    '/appointment',
    {
      schema: { tags, body: createAppointmentRequestSchema, response: { 201: appointmentSchema, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await confirmReservation(app, request, request.body)),
  );

  app.get(
    '/appointment/by-token/:token',
    { schema: { tags, params: tokenParams, ...one } },
    async (request) => {
      const row = await appointmentByToken(app.db, request.params.token);
      return toAppointment(await viewOf(app.db, row), app.config);
    },
  );

  // The visitor's own check-in on the day, through the mail's link (a POST: a link scanner must not do it).
  app.post(
    '/appointment/by-token/:token/check-in',
    { schema: { tags, params: tokenParams, ...one } },
    async (request) => checkInByToken(app, request, request.params.token),
  );

  // "Ik kom" from a reminder (DESIGN §5): a GET as the spec's cancel link is; the mail links to the web
  // page /confirm-appointment/{token}, which calls this from the browser (decision 0462).
  app.get(
    '/appointment/by-token/:token/confirm',
    { schema: { tags, params: tokenParams, ...one } },
    async (request) => confirmByToken(app, request, request.params.token),
  );

  app.get(
    '/appointment/by-token/:token/cancel',
    { schema: { tags, params: tokenParams, ...one } },
    async (request) => {
      const row = await appointmentByToken(app.db, request.params.token);
      return cancelAppointment(app, request, row.id, request.params.token);
    },
  );

  app.patch(
    '/appointment/:id',
    { schema: { tags, params: idParams, body: patchAppointmentRequestSchema, ...one } },
    async (request) => patchAppointment(app, request, request.params.id, request.body),
  );

  app.get(
    '/appointments',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        querystring: listQuerySchema,
        response: { 200: z.array(appointmentSchema), ...errors },
      },
    },
    async (request) => listAppointments(app, request, currentUser(request), request.query),
  );

  app.get(
    '/appointments_paginated',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        querystring: paginatedQuerySchema,
        response: {
          200: pageSchema(appointmentSchema),
          ...errors,
        },
      },
    },
    async (request) => listAppointmentsPaginated(app, request, currentUser(request), request.query),
  );

  const staff = requireRole('ROLE_STAFF');
  app.get(
    '/appointments/today',
    {
      preHandler: staff,
      schema: {
        tags,
        security,
        querystring: todayQuerySchema,
        response: { 200: z.array(appointmentSchema), ...errors },
      },
    },
    async (request) => presentAppointments(app, request, (await todaysViews(app, request.query)).views),
  );

  app.post(
    '/appointments/check-in',
    { preHandler: staff, schema: { tags, security, body: checkInRequestSchema, ...one } },
    async (request) => checkInByCode(app, request, request.body.code),
  );

  app.get(
    '/appointments/today/csv',
    { preHandler: staff, schema: { tags, security, querystring: exportQuery } },
    async (request, reply) => {
      const { date, views } = await todaysViews(app, { locationId: request.query.locationId });
      const csv = todayCsv(views, app.config, request.query.language ?? 'nl');
      await auditExport(app.db, request, 'csv', {
        rows: views.length,
        date,
        locationId: request.query.locationId,
      });
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${EXPORT_CSV_FILENAME}"`)
        .send(csv);
    },
  );

  app.get(
    '/appointments/today/pdf',
    { preHandler: staff, schema: { tags, security, querystring: exportQuery } },
    async (request, reply) => {
      const { date, views } = await todaysViews(app, { locationId: request.query.locationId });
      const pdf = await todayPdf(views, app.config, request.query.language ?? 'nl', date).catch(
        (err: unknown) => {
          request.log.error({ err }, 'afspraken.pdf generation failed');
          throw httpError('internal_error', 'Generation failed');
        },
      );
      await auditExport(app.db, request, 'pdf', {
        rows: views.length,
        date,
        locationId: request.query.locationId,
      });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${EXPORT_PDF_FILENAME}"`)
        .send(pdf);
    },
  );

  app.get(
    '/appointment/:id',
    { preHandler: requireAuth, schema: { tags, security, params: idParams, ...one } },
    async (request) => {
      const row = await appointmentFor(app.db, request, request.params.id);
      return toAppointment(await viewOf(app.db, row), app.config, { staff: isStaff(request.user) });
    },
  );

  app.get(
    '/appointment/:id/history',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        params: idParams,
        response: { 200: z.array(appointmentHistoryEntrySchema), ...errors },
      },
    },
    async (request) => {
      const row = await appointmentFor(app.db, request, request.params.id);
      const reader = { staff: isStaff(request.user), userId: currentUser(request).id };
      return appointmentHistory(app.db, row.id, reader);
    },
  );

  app.get(
    '/appointment/:id/cancel',
    { preHandler: requireAuth, schema: { tags, security, params: idParams, ...one } },
    async (request) => cancelAppointment(app, request, request.params.id),
  );

  app.get(
    '/appointment/:id/check-in',
    { preHandler: requireAuth, schema: { tags, security, params: idParams, ...one } },
    async (request) => checkIn(app, request, request.params.id),
  );

  app.delete(
    '/appointment/:id',
    {
      preHandler: requireRole('ROLE_ADMIN'),
      schema: { tags, security, params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteAppointment(app, request, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // The reminder job runs in every API process; enqueueDueReminders is safe to run concurrently. It runs
  // once on start too, so reminders that came due while no server ran (a deploy, a restart, the e2e test
  // that restarts on a later clock) go out then rather than a whole interval later.
  runAtStartAndEvery(app, 'reminder job', REMINDER_INTERVAL_MS, () => enqueueDueReminders(app.db));
};

export default appointmentRoutes;
