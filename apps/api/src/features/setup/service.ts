import {
  DEFAULT_LANGUAGE,
  SETUP_CHECKLIST_ITEMS,
  type LoginResponse,
  type SetupChecklist,
  type SetupRequest,
  type UiLanguage,
} from '@balie/shared';
import { recordAudit } from '../../audit/audit.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { sqlStateOf, SQLSTATE } from '../../db/errors.js';
import { httpError } from '../../http/errors.js';
import { hashPassword } from '../../security/passwords.js';
import { deriveToken, hashToken, newLinkToken, safeEqual } from '../../security/tokens.js';
import { startSession } from '../auth/service.js';
import { prepareSoleLocation } from '../locations/repository.js';
import { updateOrganisation } from '../organisation/repository.js';
import { toUser } from '../users/presenter.js';
import * as users from '../users/repository.js';
import * as repo from './repository.js';

/**
 * At every start of an installation without an admin: the token of the one-time setup link, stored
 * as a hash so that any process accepts it (DESIGN §4b, decision 0301). `SETUP_TOKEN` chooses it;
 * otherwise it is derived from a stored nonce with the server secret, so every process sharing the
 * database and the secret prints the same link, and a restart prints it again. Null once set up.
 */
export async function prepareSetupToken(
  db: Db,
  config: Pick<Config, 'secret' | 'setupToken'>,
): Promise<string | null> {
  if (await repo.adminExists(db)) {
    // Set up another way (the CLI, a script): the link must not outlive that.
    await repo.deleteSetupToken(db);
    return null;
  }
  if (config.setupToken) {
    await repo.replaceSetupToken(db, { nonce: null, tokenHash: hashToken(config.setupToken) });
    return config.setupToken;
  }
  const fresh = newLinkToken(config.secret);
  await repo.insertSetupTokenIfNone(db, { nonce: fresh.nonce, tokenHash: fresh.hash });
  const stored = await repo.findSetupToken(db);
  if (stored?.nonce) {
    const token = deriveToken(config.secret, stored.nonce);
    if (hashToken(token) === stored.tokenHash) return token;
  }
  // Chosen by SETUP_TOKEN at an earlier start, or made under another secret: this start's replaces it.
  await repo.replaceSetupToken(db, { nonce: fresh.nonce, tokenHash: fresh.hash });
  return fresh.token;
}

/** The console lines that hand the setup link to whoever started the server. */
export function setupLinkLines(publicUrl: string, token: string): string[] {
  return [
    'Balie has no administrator yet. Open this link to set it up (it works once):',
    `  ${publicUrl}/setup/${encodeURIComponent(token)}`,
  ];
}

export interface SetupContext {
  db: Db;
  config: Config;
  ip: string;
  language: UiLanguage;
}

/**
 * POST /setup: the first admin and the organisation's name, signed in at once. One transaction, queued
 * on the token's row: of two setups at once the second finds the admin and answers 409. A database
 * that has an admin answers 409 whatever the token, since `GET /setup` says as much to anyone.
 */
export async function completeSetup(ctx: SetupContext, body: SetupRequest): Promise<LoginResponse> {
  if (await repo.adminExists(ctx.db)) throw httpError('already_set_up');
  const email = users.normaliseEmail(body.email);
  const passwordHash = await hashPassword(body.password);
  const language = await users.findLanguageByCode(ctx.db, ctx.language);
  const emailTaken = () =>
    httpError('conflict', 'This e-mail address is already registered', [
      { property: 'email', message: 'email_taken' },
    ]);
  const { userId, tokens } = await ctx.db
    .transaction(async (tx) => {
      const stored = await repo.lockSetupToken(tx);
      if (await repo.adminExists(tx)) throw httpError('already_set_up');
      if (!stored || !safeEqual(stored.tokenHash, hashToken(body.token)))
        throw httpError('invalid_setup_token');
      // Someone registered on the public page before the office was set up: their account stays theirs.
      if (await users.findUserByEmail(tx, email)) throw emailTaken();
      const user = await users.insertUser(tx, {
        email,
        passwordHash,
        roles: ['ROLE_USER', 'ROLE_ADMIN'],
        languageId: language?.id ?? DEFAULT_LANGUAGE.id,
      });
      const address = { street: body.street, postcode: body.postcode, city: body.city };
      // A new office asks nothing beyond name and e-mail until it chooses to (DESIGN §4b).
      await updateOrganisation(tx, { name: body.organisationName, ...address, registerFields: [] });
      // Its one location (migration 0012's 'Hoofdlocatie') takes the office's name (decision 0335) and
      // the address setup asked (decision 0431): visitors go there.
      await prepareSoleLocation(tx, { name: body.organisationName, ...address });
      await repo.deleteSetupToken(tx);
      await recordAudit(tx, {
        actorUserId: user.id,
        action: 'setup_completed',
        subjectType: 'organisation',
        subjectId: 1,
        ip: ctx.ip,
        details: { organisationName: body.organisationName, ...address },
      });
      await recordAudit(tx, {
        actorUserId: user.id,
        action: 'user_created',
        subjectType: 'user',
        subjectId: user.id,
        ip: ctx.ip,
        details: { via: 'setup', roles: user.roles },
      });
      return { userId: user.id, tokens: await startSession(tx, ctx.config, user) };
    })
    .catch((err: unknown) => {
      if (sqlStateOf(err) === SQLSTATE.uniqueViolation) throw emailTaken();
      throw err;
    });
  const found = await users.findUserById(ctx.db, userId);
  if (!found) throw httpError('not_found');
  return { ...tokens, user: toUser(found) };
}

/** GET /setup/checklist: each item of the first-run checklist, done or not (decision 0302). */
export async function setupChecklist(db: Db): Promise<SetupChecklist> {
  const facts = await repo.checklistFacts(db);
  const locationId = await repo.checklistLocationId(db);
  return {
    items: SETUP_CHECKLIST_ITEMS.map((key) =>
      key === 'location' && locationId !== null
        ? { key, done: facts[key], locationId }
        : { key, done: facts[key] },
    ),
  };
}
