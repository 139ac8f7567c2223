/**
 * BALIE_TEST_NOW (browser tests only, decision 0231): the built server's clock starts at this moment
 * (ISO 8601 with offset, e.g. `2030-03-12T10:00:00+01:00`) and runs on from there, so an end-to-end test
 * of "today" does not depend on the hour it runs at. The whole process shifts — `Date.now()` and
 * `new Date()`, and with them Luxon, JWT times, holds and the mail worker — by one fixed offset, as the
 * API tests do with `vi.useFakeTimers({ toFake: ['Date'] })`. SQL `now()` stays the database's, which is
 * why the rules that compare with "now" pass the application's time into their queries.
 */
const TEST_CLOCK_VARIABLE = 'BALIE_TEST_NOW';

export class TestClockError extends Error {}

/** Installs the shifted clock when the variable is set; refuses in production and for a bad moment. */
export function installTestClock(env: NodeJS.ProcessEnv): void {
  const value = env[TEST_CLOCK_VARIABLE];
  if (!value) return;
  if (env.NODE_ENV === 'production')
    throw new TestClockError(`${TEST_CLOCK_VARIABLE} is for tests and is refused with NODE_ENV=production.`);
  const target = Date.parse(value);
  if (!/[T ]\d\d:\d\d/.test(value) || Number.isNaN(target))
    throw new TestClockError(
      `${TEST_CLOCK_VARIABLE}: expected a date and time such as 2030-03-12T10:00:00+01:00`,
    );
  const RealDate = Date;
  const offset = target - RealDate.now();
  class ShiftedDate extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as ConstructorParameters<DateConstructor>));
    }
    static override now(): number {
      return RealDate.now() + offset;
    }
    // Dates made before the switch, or by code holding the original constructor, are dates too.
    static override [Symbol.hasInstance](value: unknown): boolean {
      return value instanceof RealDate;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}
