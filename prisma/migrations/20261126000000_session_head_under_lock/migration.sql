-- A follow-up (Continue, Fork) reads the head of its agent session under the
-- session's advisory lock, then records its turn against it
-- (server/executions/session-lock.ts). The lock and the read cannot be one
-- statement: under READ COMMITTED a statement's snapshot is taken before its
-- lock is granted, so it could miss the turn the previous holder committed.
-- A VOLATILE function takes a fresh snapshot for each statement it runs, so
-- the lock and then the read are one round trip instead of two.
-- The head's definition is findSessionHead's (server/executions/session-head.ts);
-- an integration test holds the two to the same answer.
CREATE FUNCTION arbor_lock_session_head(p_session TEXT)
RETURNS TABLE (head_id UUID, head_created_at TIMESTAMPTZ, locked_at TIMESTAMPTZ)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('arbor:session:' || p_session, 0));
  RETURN QUERY
    SELECT h.id, h.created_at, clock_timestamp()
      FROM (SELECT 1) AS one
      LEFT JOIN LATERAL (
        SELECT e.id, e.created_at
          FROM executions e
         WHERE (e.session_id = p_session
                OR (e.session_id IS NULL AND e.target_session_id = p_session AND e.status IN ('queued', 'running')))
           AND (e.error_code IS NULL OR e.error_code <> 'session_not_found')
           AND NOT (e.status IN ('cancelled', 'failed', 'interrupted') AND e.started_at IS NULL)
         ORDER BY e.created_at DESC, e.id DESC
         LIMIT 1
      ) AS h ON true;
END
$$;
