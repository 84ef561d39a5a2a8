-- The job queue moves to graphile-worker (ADR 0125). runMigrations (src/server/db/client.ts) installs its
-- schema before these migrations run. The old table's dedupe keys are kept in job_keys; its pending and
-- failed jobs move to graphile-worker with their attempts, run time, key and last error; done jobs go.
INSERT INTO "job_keys" ("key", "created_at")
SELECT "dedupe_key", "created_at" FROM "jobs" WHERE "dedupe_key" IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DO $$
DECLARE
  j record;
  new_id bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "jobs" WHERE "done_at" IS NULL) THEN
    RETURN;
  END IF;
  IF to_regproc('graphile_worker.add_job') IS NULL THEN
    RAISE EXCEPTION 'graphile_worker is not installed: apply the migrations with runMigrations (src/server/db/client.ts), which installs it first';
  END IF;
  FOR j IN SELECT * FROM "jobs" WHERE "done_at" IS NULL ORDER BY "id" LOOP
    EXECUTE 'SELECT (graphile_worker.add_job($1, $2::json, run_at => $3, max_attempts => $4, job_key => $5)).id'
      INTO new_id
      USING j.kind, j.payload::text, j.run_at, least(greatest(j.max_attempts, 1), 32767), j.dedupe_key;
    -- A failed job stays failed (attempts = max_attempts); a pending one keeps the attempts it has used.
    EXECUTE 'UPDATE graphile_worker._private_jobs SET attempts = $2, last_error = $3 WHERE id = $1'
      USING new_id,
        CASE WHEN j.failed_at IS NOT NULL THEN least(greatest(j.max_attempts, 1), 32767)
             ELSE least(j.attempts, least(greatest(j.max_attempts, 1), 32767) - 1) END,
        j.last_error;
  END LOOP;
END $$;
--> statement-breakpoint
DROP TABLE "jobs" CASCADE;
