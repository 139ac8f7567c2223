import {
  DEFAULT_DATASET_SIZES,
  DEFAULT_HISTORY_APPOINTMENTS,
  type DatasetSizes,
} from '@balie/api/dist/dataset/load-dataset.js';
import { PROVIDER_TIMEZONE } from '@balie/shared';

/**
 * `npm run bench -- --smoke` (or BENCH_SMOKE=1): every scenario on a small data set for a second or two,
 * so the test command proves the bench still runs to its end; its figures judge nothing.
 */
export const SMOKE = process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1';

const FULL = {
  dataset: DEFAULT_DATASET_SIZES,
  /** DESIGN §10 growth: older appointments at a full window, then the window's bookings at 100k older. */
  growth: {
    past: [1_000, 10_000, 100_000],
    window: [2_000, 6_000, 12_000],
    requests: 300,
    maxMs: 4_000,
  },
  reads: { clients: 10, oneClient: 300, warmup: 30, availableDays: 2_000, timeslots: 2_000, maxMs: 8_000 },
  /** The ceiling: GET /api/health (one SELECT 1) with the same clients, and SELECT 1 straight to the pool. */
  ceiling: { requests: 3_000, maxMs: 4_000 },
  pairs: { clients: 16, max: 2_500, maxMs: 8_000, drainMs: 60_000 },
  /** DESIGN §10's race, on this many different starts one after the other (decision 0413). */
  contention: { holds: 200, races: 3 },
  /** Confirmation mails queued for one process to send (DESIGN §7: ≥ 50 a second). */
  mailDrain: { mails: 3000, maxMs: 60_000 },
  /** The whole run is cut off after this, whatever happens (the issue: under 10 minutes). */
  hardLimitMs: 9 * 60_000,
  /** GET /statistics over a year on the data set plus a year of history (issue 24, decision 0405). */
  statistics: { history: DEFAULT_HISTORY_APPOINTMENTS, requests: 40, maxMs: 30_000 },
};

const SMOKE_SETTINGS: typeof FULL = {
  dataset: { desks: 4, products: 6, windowAppointments: 600, pastAppointments: 1_000 },
  growth: { past: [100, 1_000], window: [200, 600], requests: 20, maxMs: 1_000 },
  reads: { clients: 4, oneClient: 20, warmup: 5, availableDays: 100, timeslots: 100, maxMs: 1_500 },
  ceiling: { requests: 200, maxMs: 1_000 },
  pairs: { clients: 4, max: 60, maxMs: 2_000, drainMs: 20_000 },
  contention: { holds: 20, races: 2 },
  mailDrain: { mails: 20, maxMs: 20_000 },
  hardLimitMs: 4 * 60_000,
  statistics: { history: 3_000, requests: 5, maxMs: 10_000 },
};

/** The data set of DESIGN §10 and the bounds of every measuring loop (each bounded in count AND time). */
export const SETTINGS = {
  ...(SMOKE ? SMOKE_SETTINGS : FULL),
  smoke: SMOKE,
  timezone: process.env.PROVIDER_TIMEZONE ?? PROVIDER_TIMEZONE,
  postgresUrl:
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres',
  /**
   * `BENCH_ONLY=postgres` or `pglite` skips the other database (the /new rows always run). The smoke run
   * inside `npm test` follows the API tests: PostgreSQL only when TEST_DATABASE_URL (or
   * BENCH_DATABASE_URL) is set, as in CI.
   */
  only:
    process.env.BENCH_ONLY ??
    (SMOKE && !process.env.TEST_DATABASE_URL && !process.env.BENCH_DATABASE_URL ? 'pglite' : undefined),
  /** make-reservation allows 120 per minute per client address (DESIGN §6); stay well below it. */
  holdsPerAddress: 100,
  requestTimeoutMs: 15_000,
} satisfies { dataset: DatasetSizes } & Record<string, unknown>;
