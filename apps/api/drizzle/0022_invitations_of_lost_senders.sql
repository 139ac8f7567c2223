-- Decision 0414: an invitation goes with its sender's right to send it. Invitations are made only by an
-- admin (POST /users/invite sets the sender; setup and the CLI make accounts, never invitations), so an
-- open one whose sender column is empty (the account was deleted) or names an account that is no longer an
-- admin (ROLE_ADMIN, or ROLE_DEVELOPER which includes it) was left open by the rule's absence: withdraw it,
-- recorded as the system's `invitation_withdrawn` with the cause, as the app records it from now on.
WITH withdrawn AS (
  UPDATE "invitations" i
  SET "withdrawn_at" = now()
  WHERE i."accepted_at" IS NULL
    AND i."withdrawn_at" IS NULL
    AND NOT EXISTS (
      SELECT 1 FROM "users" u
      WHERE u."id" = i."invited_by_user_id"
        AND u."roles" && ARRAY['ROLE_ADMIN', 'ROLE_DEVELOPER']::text[]
    )
  RETURNING i."id", i."invited_by_user_id"
)
INSERT INTO "audit_events" ("at", "actor_user_id", "action", "subject_type", "subject_id", "details")
SELECT now(), NULL, 'invitation_withdrawn', 'invitation', w."id"::text,
  jsonb_build_object(
    'cause',
    CASE WHEN w."invited_by_user_id" IS NULL THEN 'sender_deleted' ELSE 'sender_demoted' END
  )
FROM withdrawn w;
