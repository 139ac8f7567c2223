export const CONCURRENT_QUERY_MESSAGE =
  "A second query on one transaction's connection while the first still runs: await each query before " +
  'the next, one after another (no Promise.all of queries on a transaction; pg 9 refuses it, decision 0295)';

type Query = (...args: unknown[]) => unknown;

/**
 * Makes `connection.query` throw while another query of that connection is running: one pg client
 * (a transaction's, from the pool) or one PGlite transaction. pg 8 queues such a query with a
 * deprecation warning and pg 9 refuses it, so the mistake fails its test at once instead of later.
 *
 * After one refusal the rest pass until the connection is idle again: the transaction's ROLLBACK then
 * waits for the query still running, as pg has always queued it, and the connection goes back to the
 * pool clean.
 */
export function refuseConcurrentQueries(connection: { query: Query }): void {
  const query: Query = connection.query.bind(connection);
  let running = 0;
  let refused = false;
  const done = () => {
    running -= 1;
    if (running === 0) refused = false;
  };
  connection.query = (...args: unknown[]) => {
    if (running > 0 && !refused) {
      refused = true;
      throw new Error(CONCURRENT_QUERY_MESSAGE);
    }
    running += 1;
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      // pg's callback form (the pool's own queries): the query ends when the callback is called.
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return (callback as Query)(...results);
      };
      return query(...args);
    }
    let result: unknown;
    try {
      result = query(...args);
    } catch (error) {
      done();
      throw error;
    }
    if (result instanceof Promise) result.then(done, done);
    else done(); // a submittable (a cursor): not used here, not tracked
    return result;
  };
}
