/**
 * Who may call each API route: the least role that gets past the access check (SPEC §6, DESIGN §5–6).
 * `rbac.test.ts` checks every registered route against this table, and fails for a route missing here —
 * so whoever adds a route decides, in this one place, who may call it.
 *
 * - `open`: guests too (booking, token links, sign-in and registration, languages, docs, health);
 * - `user`: signed in, for one's own things (the handler then checks ownership);
 * - `staff`: the people behind the desk (DESIGN §4b): today, check-in, every appointment; admins too;
 * - `admin`: administration; `developer` ⊇ `admin` ⊇ `staff` (role groups expand, spec §6);
 * - `developer`: developers alone;
 * - `integration`: integration clients' tokens alone (DESIGN §4c); every person, an admin too, gets 401.
 *
 * A key is `METHOD /path/pattern` as Fastify registers it; a key with a query string (`?all=true`) is a
 * variant of a registered route that needs more than the route itself.
 */
export type Access = 'open' | 'user' | 'staff' | 'admin' | 'developer' | 'integration';

export const ROUTE_ACCESS: Record<string, Access> = {
  // OpenAPI document and Swagger UI
  'GET /api/docs': 'open',
  'GET /api/docs/static/index.html': 'open',
  'GET /api/docs/static/swagger-initializer.js': 'open',
  'GET /api/docs/json': 'open',
  'GET /api/docs/yaml': 'open',
  'GET /api/docs/static/*': 'open',
  // service
  'GET /api/health': 'open',
  'GET /api/ready': 'open',
  // Not a role but a bearer METRICS_TOKEN for Prometheus: 404 to everyone else, signed in or not (0475).
  'GET /api/metrics': 'open',
  // operations: backups of the embedded database
  'GET /api/backups': 'admin',
  'POST /api/backups': 'admin',
  'GET /api/locales': 'open',
  'GET /api/languages': 'open',
  // auth
  'POST /api/login': 'open',
  'POST /api/login/mfa': 'open',
  'GET /api/auth/oidc/start': 'open',
  'GET /api/auth/oidc/callback': 'open',
  'POST /api/auth/oidc/session': 'open',
  'GET /api/auth/oidc/end-session': 'open',
  'POST /api/refresh-token': 'open',
  'POST /api/logout': 'open',
  'POST /api/register': 'open',
  'POST /api/forgotpassword': 'open',
  'PATCH /api/user/updatePassword/:token': 'open',
  'POST /api/invitation/:token': 'open',
  // integration clients (DESIGN §4c): the token endpoint is open (the client authenticates in the call)
  'POST /api/oauth/token': 'open',
  'POST /api/compat/jcc-warp/v1/connect/token': 'open',
  'GET /api/integration-clients': 'admin',
  'POST /api/integration-clients': 'admin',
  'POST /api/integration-client/:id/secret': 'admin',
  'DELETE /api/integration-client/:id': 'admin',
  // the JCC-compatible API (DESIGN §5): integration clients only
  'GET /api/compat/jcc-warp/v1/version': 'integration',
  'GET /api/compat/jcc-warp/v1/activity/listforappointment': 'integration',
  'GET /api/compat/jcc-warp/v1/activity/listforappointment/additional': 'integration',
  'GET /api/compat/jcc-warp/v1/location': 'integration',
  'GET /api/compat/jcc-warp/v1/location/forappointment': 'integration',
  'GET /api/compat/jcc-warp/v1/location/:id': 'integration',
  'GET /api/compat/jcc-warp/v1/activity/appointmentdaterange': 'integration',
  'GET /api/compat/jcc-warp/v1/appointment/availabletimelist': 'integration',
  'GET /api/compat/jcc-warp/v1/appointment/calculateduration': 'integration',
  'GET /api/compat/jcc-warp/v1/customer/customerfields/required': 'integration',
  'POST /api/compat/jcc-warp/v1/appointment': 'integration',
  'GET /api/compat/jcc-warp/v1/appointment': 'integration',
  'GET /api/compat/jcc-warp/v1/appointment/qrcode': 'integration',
  'DELETE /api/compat/jcc-warp/v1/appointment': 'integration',
  // booking
  'GET /api/products': 'open',
  'GET /api/products?all=true': 'admin',
  'GET /api/product-categories': 'open',
  'GET /api/product/:id/file/:fileId': 'open',
  // catalogue: a product for anyone (admins see its translations too), its changes for admins
  'GET /api/product/:id': 'open',
  'POST /api/products': 'admin',
  'PATCH /api/product/:id': 'admin',
  'DELETE /api/product/:id': 'admin',
  'POST /api/product/:id/files': 'admin',
  'DELETE /api/product/:id/file/:fileId': 'admin',
  'POST /api/product-categories': 'admin',
  'PATCH /api/product-category/:id': 'admin',
  'DELETE /api/product-category/:id': 'admin',
  'POST /api/available-days': 'open',
  'POST /api/timeslots': 'open',
  'POST /api/available-locations': 'open',
  'POST /api/appointment/make-reservation': 'open',
  'GET /api/appointment/reservation/:id/extend': 'open',
  'POST /api/appointment': 'open',
  // appointments: by link token for guests, own for users, all for staff (deleting: admins)
  'GET /api/appointment/by-token/:token': 'open',
  'GET /api/appointment/by-token/:token/cancel': 'open',
  'POST /api/waitlist': 'open',
  'GET /api/waitlist/confirm/:token': 'open',
  'DELETE /api/waitlist/:token': 'open',
  'GET /api/waitlist/offer/:token': 'open',
  'POST /api/waitlist/offer/:token/decline': 'open',
  'GET /api/waitlist': 'admin',
  'DELETE /api/waitlist/place/:id': 'admin',
  'GET /api/appointment/by-token/:token/confirm': 'open',
  'POST /api/appointment/by-token/:token/check-in': 'open',
  'PATCH /api/appointment/:id': 'open',
  'GET /api/appointments': 'user',
  'GET /api/appointments_paginated': 'user',
  'GET /api/appointment/:id': 'user',
  'GET /api/appointment/:id/history': 'user',
  'GET /api/appointment/:id/cancel': 'user',
  'GET /api/appointment/:id/check-in': 'user',
  'GET /api/appointments/today': 'staff',
  'GET /api/appointments/today/csv': 'staff',
  'GET /api/appointments/today/pdf': 'staff',
  'DELETE /api/appointment/:id': 'admin',
  'POST /api/appointments/check-in': 'staff',
  // desks: staff read the list (the appointments' desk filter), the rest is administration
  'GET /api/desks': 'staff',
  'GET /api/desk/:id': 'admin',
  'GET /api/closures': 'admin',
  'POST /api/desks': 'admin',
  'PATCH /api/desk/:id': 'admin',
  'DELETE /api/desk/:id': 'admin',
  'POST /api/closures': 'admin',
  'DELETE /api/closure/:id': 'admin',
  // locations: the active ones for everyone (the booking page's location step), the rest administration
  'GET /api/locations': 'open',
  'GET /api/locations?all=true': 'admin',
  'GET /api/location/:id': 'admin',
  'POST /api/locations': 'admin',
  'PATCH /api/location/:id': 'admin',
  'DELETE /api/location/:id': 'admin',
  // the queue: the desk's work (staff, admins too); the display's key is the admins' to renew; the
  // display itself is open and asks for the location's key instead of a sign-in (404 without the right one);
  // staff read the key to open their location's display (decision 0424)
  'GET /api/queue': 'staff',
  'GET /api/statistics': 'admin',
  'POST /api/queue/call': 'staff',
  'POST /api/queue/:entryId/served': 'staff',
  'POST /api/queue/:entryId/return': 'staff',
  'POST /api/queue/:entryId/no-show': 'staff',
  'POST /api/walk-ins': 'staff',
  'GET /api/walk-ins/minutes': 'staff',
  'POST /api/location/:id/display-key': 'admin',
  'GET /api/location/:id/display-key': 'staff',
  'GET /api/display/:locationId/state': 'open',
  'GET /api/display/:locationId/events': 'open',
  // organisation: read by every public page, changed by admins
  'GET /api/organisation': 'open',
  'PATCH /api/organisation': 'admin',
  'GET /api/identity-provider': 'admin',
  'PUT /api/identity-provider': 'admin',
  // privacy: erasure and access on request (DESIGN §5)
  'POST /api/privacy/erase': 'admin',
  'GET /api/privacy/export': 'admin',
  'POST /api/organisation/logo': 'admin',
  'DELETE /api/organisation/logo': 'admin',
  'GET /api/organisation/logo/:id': 'open',
  // first run: open until an admin exists (then 409; staff accounts do not count), the checklist for admins
  // (set-up is not the desk's work: staff get 403)
  'GET /api/setup': 'open',
  'POST /api/setup': 'open',
  'GET /api/setup/checklist': 'admin',
  // users: one's own account, and user administration
  'GET /api/user/current': 'user',
  'GET /api/user/:id': 'user',
  'GET /api/user/:id/generic-info': 'user',
  'PATCH /api/user/:id': 'user',
  'POST /api/user/:id/password': 'user',
  'GET /api/user/:id/member-cards': 'user',
  'GET /api/user/:id/qualifications': 'user',
  'GET /api/user/:id/service-books': 'user',
  'GET /api/user/:id/sailing-times': 'user',
  'GET /api/user/:id/get-related': 'user',
  // two-step sign-in: one's own (an admin resets someone else's with DELETE)
  'POST /api/user/:id/mfa/setup': 'user',
  'POST /api/user/:id/mfa/confirm': 'user',
  'DELETE /api/user/:id/mfa': 'user',
  'GET /api/users': 'admin',
  'GET /api/users_paginated': 'admin',
  'GET /api/users/access-review.csv': 'admin',
  'POST /api/users/invite': 'admin',
  'GET /api/users/invitations': 'admin',
  'POST /api/users/invitation/:id/resend': 'admin',
  'DELETE /api/users/invitation/:id': 'admin',
  // audit trail
  'GET /api/audit-events': 'admin',
  'DELETE /api/user/:id': 'admin',
  'GET /api/user/:id/promote-to-manager': 'admin',
  'GET /api/user/:id/demote-manager': 'admin',
  // webhook subscriptions (DESIGN §4c, §5)
  'GET /api/webhooks': 'admin',
  'POST /api/webhooks': 'admin',
  'PATCH /api/webhook/:id': 'admin',
  'DELETE /api/webhook/:id': 'admin',
  'POST /api/webhook/:id/secret': 'admin',
  'POST /api/webhook/:id/test': 'admin',
  'GET /api/webhook/:id/deliveries': 'admin',
};
