/**
 * The schema steps from version 12 on, kept beside `migrations.ts` (which lists them after its
 * own). Like that file it imports nothing, so the steps apply with `node:sqlite` alone, and a
 * shipped step is never edited.
 */

// Step 12 adds `tasks` (an agent's plan, written by task.write) to the run event types.
const runEventTypeList12 =
  "'run_started', 'invocation_started', 'reply', 'drift', 'compacted', 'handoff', 'child_started', 'child_ended', 'tasks', 'finished', 'model_error'"

/** Steps 12 and later, oldest first; each is a `Migration` (version, name, sql). */
export const laterMigrations: readonly { readonly version: number; readonly name: string; readonly sql: string }[] = [
  {
    version: 12,
    name: 'plans in run events',
    sql: `
-- Run events may be 'tasks': the plan an agent wrote, replayed when the run resumes. SQLite cannot
-- change a CHECK constraint in place, so the table is rebuilt with its rows, index and triggers.
CREATE TABLE run_events_v12 (
  run_id TEXT NOT NULL REFERENCES runs (id),
  seq INTEGER NOT NULL CHECK (seq >= 1),
  at INTEGER NOT NULL,
  type TEXT NOT NULL CHECK (type IN (${runEventTypeList12})),
  data TEXT NOT NULL CHECK (json_valid(data) AND json_type(data) = 'object'),
  PRIMARY KEY (run_id, seq)
) STRICT;
INSERT INTO run_events_v12 (run_id, seq, at, type, data) SELECT run_id, seq, at, type, data FROM run_events;
DROP TABLE run_events;
ALTER TABLE run_events_v12 RENAME TO run_events;
CREATE INDEX run_events_by_type ON run_events (run_id, type, seq);
CREATE TRIGGER run_events_no_update BEFORE UPDATE ON run_events
BEGIN SELECT RAISE(ABORT, 'run events are append-only'); END;
CREATE TRIGGER run_events_no_delete BEFORE DELETE ON run_events
BEGIN SELECT RAISE(ABORT, 'run events are append-only'); END;
`,
  },
  {
    version: 13,
    name: 'approval titles',
    sql: `
-- The tool's one-line description of the call asked about (e.g. "Edit src/a.ts"), shown beside the
-- exact input wherever a person decides it.
ALTER TABLE approvals ADD COLUMN title TEXT;
`,
  },
]
