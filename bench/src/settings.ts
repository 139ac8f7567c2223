import { PROVIDER_TIMEZONE } from '@balie/shared';

/** The data set of DESIGN §10 and the bounds of every measuring loop (each bounded in count AND time). */
export const SETTINGS = {
  timezone: process.env.PROVIDER_TIMEZONE ?? PROVIDER_TIMEZONE,
  postgresUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  /** `BENCH_ONLY=postgres` or `pglite` skips the other database (the web budget always runs). */
  only: process.env.BENCH_ONLY,
  dataset: {
    desks: 10,
    products: 20,
    opens: '08:00',
    /** Opening minutes per desk per weekday: 08:00–20:00. */
    openMinutes: 12 * 60,
    /** Seeded appointments fill 24-minute cells, so 30 cells per desk per weekday. */
    cellMinutes: 24,
    windowAppointments: 12_000,
    pastAppointments: 100_000,
    /** The older appointments are spread over the two years before the window. */
    pastDays: 730,
  },
  reads: { clients: 10, oneClient: 100, warmup: 30, availableDays: 400, timeslots: 400, maxMs: 30_000 },
  pairs: { clients: 16, max: 2_500, maxMs: 10_000 },
  contention: { holds: 200 },
  /** Confirmation mails queued for one process to send (DESIGN §7: ≥ 50 a second). */
  mailDrain: { mails: 3000, maxMs: 60_000 },
  /** make-reservation allows 120 per minute per client address (DESIGN §6); stay well below it. */
  holdsPerAddress: 100,
  requestTimeoutMs: 15_000,
  /** The whole run is cut off after this, whatever happens. */
  hardLimitMs: 8 * 60_000,
} as const;
