import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { i18n } from '../lib/i18n';
import { authSlice } from './authSlice';
import { createReauthBaseQuery } from './baseQueryWithReauth';
import { startSessionListeners } from './sessionListeners';
import { loadTokens } from './tokenStorage';

// A real HTTP server on a free local port: the base query runs its real fetch against it.
let server: Server;
let baseUrl: string;
let refreshCalls: string[] = [];
let dataCalls: string[] = [];
let languages: string[] = [];

/** Resolves once the server has answered two requests with the expired token: both are then 401s. */
let bothRefused: Promise<void>;
let refusedOne: () => void;

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text ? JSON.parse(text) : undefined;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const unauthorized = { code: 'unauthorized', message: 'Unauthorized', errors: [] };
    if (req.url === '/api/refresh-token' && req.method === 'POST') {
      const body = (await bodyOf(req)) as { refresh_token?: string };
      refreshCalls.push(body.refresh_token ?? '');
      // The refresh answers only after both requests have had their 401, so the second one arrives while
      // this refresh runs and must join it (a fixed pause here was a guess at how long that takes).
      await bothRefused;
      if (body.refresh_token === 'good-refresh')
        return reply(200, { token: 'fresh', refresh_token: 'next-refresh' });
      return reply(401, unauthorized);
    }
    if (req.url === '/api/held')
      return reply(403, { code: 'mfa_setup_required', message: 'Turn on two-step sign-in first' });
    if (req.url?.startsWith('/api/data')) {
      dataCalls.push(req.headers.authorization ?? '');
      languages.push(req.headers['accept-language'] ?? '');
      if (req.headers.authorization === 'Bearer fresh') return reply(200, { path: req.url });
      reply(401, unauthorized);
      if (req.headers.authorization === 'Bearer expired') refusedOne();
      return;
    }
    reply(404, { code: 'not_found', message: 'Not found', errors: [] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  let refused = 0;
  bothRefused = new Promise((resolve) => {
    refusedOne = () => {
      if (++refused === 2) resolve();
    };
  });
  refreshCalls = [];
  dataCalls = [];
  languages = [];
});

function setup(auth: { token: string | null; refreshToken: string | null }) {
  const testApi = createApi({
    reducerPath: 'api',
    baseQuery: createReauthBaseQuery(baseUrl),
    endpoints: (build) => ({
      data: build.query<{ path: string }, string>({ query: (n) => `/data?n=${n}` }),
      held: build.query<unknown, void>({ query: () => '/held' }),
    }),
  });
  const listener = createListenerMiddleware();
  startSessionListeners(listener, () => testApi.util.resetApiState());
  const store = configureStore({
    reducer: combineReducers({ [testApi.reducerPath]: testApi.reducer, auth: authSlice.reducer }),
    preloadedState: { auth: { ...auth, mfaSetupRequired: false } },
    middleware: (d) => d().prepend(listener.middleware).concat(testApi.middleware),
  });
  return { store, testApi };
}

describe('baseQueryWithReauth', () => {
  it('shares one refresh between two concurrent 401s, stores the new pair and retries each request once', async () => {
    const { store, testApi } = setup({ token: 'expired', refreshToken: 'good-refresh' });
    const [a, b] = await Promise.all([
      store.dispatch(testApi.endpoints.data.initiate('1')),
      store.dispatch(testApi.endpoints.data.initiate('2')),
    ]);
    expect(refreshCalls).toEqual(['good-refresh']);
    expect(a.data).toEqual({ path: '/api/data?n=1' });
    expect(b.data).toEqual({ path: '/api/data?n=2' });
    expect(dataCalls).toEqual(['Bearer expired', 'Bearer expired', 'Bearer fresh', 'Bearer fresh']);
    expect(store.getState().auth).toEqual({
      token: 'fresh',
      refreshToken: 'next-refresh',
      mfaSetupRequired: false,
    });
    expect(loadTokens()).toEqual({ token: 'fresh', refreshToken: 'next-refresh' });
  });

  it('logs out when the refresh fails: tokens gone from state and storage, requests fail', async () => {
    const { store, testApi } = setup({ token: 'expired', refreshToken: 'revoked-refresh' });
    const [a, b] = await Promise.all([
      store.dispatch(testApi.endpoints.data.initiate('1')),
      store.dispatch(testApi.endpoints.data.initiate('2')),
    ]);
    expect(refreshCalls).toEqual(['revoked-refresh']);
    // The logout also empties the API cache, so neither request is left with data.
    expect(a.data).toBeUndefined();
    expect(b.data).toBeUndefined();
    expect(a.isSuccess || b.isSuccess).toBe(false);
    expect(store.getState().auth).toEqual({ token: null, refreshToken: null, mfaSetupRequired: false });
    expect(loadTokens()).toEqual({ token: null, refreshToken: null });
    expect(Object.keys(store.getState().api.queries)).toEqual([]);
  });

  it('logs out without calling the server when there is no refresh token', async () => {
    const { store, testApi } = setup({ token: 'expired', refreshToken: null });
    const result = await store.dispatch(testApi.endpoints.data.initiate('1'));
    expect(result.data).toBeUndefined();
    expect(dataCalls).toEqual(['Bearer expired']);
    expect(refreshCalls).toEqual([]);
    expect(store.getState().auth.token).toBeNull();
  });

  it('returns a 401 on a request sent without a token unchanged (no refresh, no logout)', async () => {
    const { store, testApi } = setup({ token: null, refreshToken: null });
    const result = await store.dispatch(testApi.endpoints.data.initiate('1'));
    expect(result.error).toMatchObject({ status: 401, data: { code: 'unauthorized' } });
    expect(refreshCalls).toEqual([]);
    expect(dataCalls).toEqual(['']);
  });

  it('sends the interface language as Accept-Language, following a switch', async () => {
    const { store, testApi } = setup({ token: 'fresh', refreshToken: null });
    await i18n.changeLanguage('en');
    await store.dispatch(testApi.endpoints.data.initiate('en'));
    await i18n.changeLanguage('nl');
    await store.dispatch(testApi.endpoints.data.initiate('nl'));
    expect(languages).toEqual(['en', 'nl']);
  });

  it('marks the session held to the two-step setup on 403 mfa_setup_required, keeping it signed in', async () => {
    const { store, testApi } = setup({ token: 'fresh', refreshToken: 'good-refresh' });
    const result = await store.dispatch(testApi.endpoints.held.initiate());
    expect(result.error).toMatchObject({ status: 403, data: { code: 'mfa_setup_required' } });
    expect(store.getState().auth).toEqual({
      token: 'fresh',
      refreshToken: 'good-refresh',
      mfaSetupRequired: true,
    });
    expect(refreshCalls).toEqual([]);
  });
});
