import type { FastifyInstance, RouteOptions } from 'fastify';
import { insertUser } from '../features/users/repository.js';
import { hashPassword } from '../security/passwords.js';
import { login, type Session } from './app.js';
import type { TestDatabase } from './databases.js';

/**
 * One registered API route, as Fastify's onRoute hook saw it (`useTestApp(kind, { routes: true })`): read
 * from Fastify itself, so a route added tomorrow is in the table without anyone remembering to list it.
 */
export interface ApiRoute {
  method: string;
  /** The path pattern, e.g. '/api/appointment/:id'. */
  url: string;
  /** `'GET /api/appointment/:id'`: the key of the access table. */
  key: string;
  schema: RouteOptions['schema'];
}

export const PERSONAS = ['guest', 'user', 'staff', 'admin', 'developer'] as const;
export type Persona = (typeof PERSONAS)[number];

/**
 * Accounts made for route-table tests, one per signed-in persona. They are separate from the demo
 * accounts (ids 1 and 2) on purpose: generated requests touch ids 1–2, and an admin persona deleting or
 * demoting those must not sign the personas out half-way.
 */
export const PERSONA_ACCOUNTS = {
  user: { email: 'persona-user@example.com', lastName: 'Userlastname', roles: ['ROLE_USER'] },
  staff: {
    email: 'persona-staff@example.com',
    lastName: 'Stafflastname',
    roles: ['ROLE_USER', 'ROLE_STAFF'],
  },
  admin: {
    email: 'persona-admin@example.com',
    lastName: 'Adminlastname',
    roles: ['ROLE_USER', 'ROLE_ADMIN'],
  },
  developer: {
    email: 'persona-developer@example.com',
    lastName: 'Developerlastname',
    roles: ['ROLE_USER', 'ROLE_DEVELOPER'],
  },
} as const;
const PERSONA_PASSWORD = 'Persona123!';

/** Creates the persona accounts and signs each in; the guest has no session. */
export async function signInPersonas(t: {
  app: FastifyInstance;
  database: TestDatabase;
}): Promise<Record<Persona, Session | null>> {
  const passwordHash = await hashPassword(PERSONA_PASSWORD);
  const sessions: Record<Persona, Session | null> = {
    guest: null,
    user: null,
    staff: null,
    admin: null,
    developer: null,
  };
  for (const persona of ['user', 'staff', 'admin', 'developer'] as const) {
    const { email, lastName, roles } = PERSONA_ACCOUNTS[persona];
    await insertUser(t.database.db, {
      email,
      passwordHash,
      firstName: 'Persona',
      lastName,
      roles: [...roles],
    });
    sessions[persona] = await login(t.app, email, PERSONA_PASSWORD);
  }
  return sessions;
}
