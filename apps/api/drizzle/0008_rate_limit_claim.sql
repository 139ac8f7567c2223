-- A rate-limit claim in one round trip instead of four (BEGIN, lock, count-and-insert, COMMIT): decision 0271.
-- The per-key advisory lock puts claims of one key one after the other. The count runs as a statement of
-- its own after the lock is granted: a VOLATILE function takes a fresh snapshot for every statement
-- (READ COMMITTED), so it sees every claim committed before the lock was granted and two concurrent
-- claims can never both take the last place. Called as a statement of its own, the lock and the new hit
-- end with the statement's implicit transaction. Returns the hit's id, or NULL when the window is full.
CREATE FUNCTION claim_rate_limit(p_bucket text, p_key text, p_limit integer, p_window_seconds integer)
RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  window_start timestamptz := now() - make_interval(secs => p_window_seconds);
  hit bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(p_bucket), hashtext(p_key));
  DELETE FROM rate_limit_hits WHERE bucket = p_bucket AND key = p_key AND at < window_start;
  IF (SELECT count(*) FROM rate_limit_hits WHERE bucket = p_bucket AND key = p_key AND at >= window_start) >= p_limit THEN
    RETURN NULL;
  END IF;
  INSERT INTO rate_limit_hits (bucket, key) VALUES (p_bucket, p_key) RETURNING id INTO hit;
  RETURN hit;
END
$$;
