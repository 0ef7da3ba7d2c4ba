/**
 * The schema steps from version 10 on (the daemon's tables and after), kept beside
 * `migrations.ts`, which lists them after its own. Like that file it imports nothing, so the steps
 * apply with `node:sqlite` alone, and a shipped step is never edited.
 */

// Step 12 adds `tasks` (an agent's plan, written by task.write) to the run event types.
const runEventTypeList12 =
  "'run_started', 'invocation_started', 'reply', 'drift', 'compacted', 'handoff', 'child_started', 'child_ended', 'tasks', 'finished', 'model_error'"

/** Steps 10 and later, oldest first; each is a `Migration` (version, name, sql). */
export const laterMigrations: readonly { readonly version: number; readonly name: string; readonly sql: string }[] = [
  {
    version: 10,
    name: 'daemon',
    sql: `
-- The daemon's durable queue (embedded backend): at-least-once delivery with a visibility
-- timeout (lease_until), retries with backoff (available_at), dead letters after max_attempts.
-- idempotency_key is unique: publishing the same key again adds nothing.
CREATE TABLE queue_messages (
  id TEXT PRIMARY KEY,
  topic TEXT NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  body TEXT NOT NULL CHECK (json_valid(body)),
  state TEXT NOT NULL CHECK (state IN ('ready', 'active', 'done', 'dead')),
  attempts INTEGER NOT NULL DEFAULT 0,
  available_at INTEGER NOT NULL,
  lease_owner TEXT,
  lease_until INTEGER,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  finished_at INTEGER
) STRICT;
CREATE INDEX queue_messages_ready ON queue_messages (topic, state, available_at, created_at);

-- Named leases between daemon processes (a conversation's driver, the scheduler's turn).
CREATE TABLE daemon_leases (
  name TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  expires_at INTEGER NOT NULL
) STRICT;

-- A conversation is one chat of one channel ("<channel>:<chat id>"). summary condenses its
-- messages up to summary_seq (those that fell out of the window a run keeps); both NULL until then.
CREATE TABLE conversations (
  id TEXT PRIMARY KEY,
  channel TEXT NOT NULL,
  chat_id TEXT NOT NULL,
  address TEXT NOT NULL CHECK (json_valid(address)),
  owner TEXT NOT NULL,
  summary TEXT,
  summary_seq INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  CHECK ((summary IS NULL) = (summary_seq IS NULL))
) STRICT;

-- Every message of a conversation in order: what people sent (role user; state pending, running,
-- paused, answered, failed) and what went out (assistant, approval, notice; state pending, sent,
-- failed): the outbox. An outgoing message is unique per (source_id, ordinal), so a redelivered
-- run never adds a second reply.
CREATE TABLE conversation_messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  conversation_id TEXT NOT NULL REFERENCES conversations (id),
  role TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'approval', 'notice', 'schedule', 'code')),
  text TEXT NOT NULL,
  state TEXT NOT NULL,
  source_id TEXT,
  ordinal INTEGER NOT NULL DEFAULT 0,
  external_id TEXT,
  run_id TEXT,
  correlation_id TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  data TEXT CHECK (data IS NULL OR json_valid(data)),
  at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (source_id, ordinal)
) STRICT;
CREATE INDEX conversation_messages_by_conversation ON conversation_messages (conversation_id, seq);
CREATE UNIQUE INDEX conversation_messages_external ON conversation_messages (conversation_id, external_id)
  WHERE external_id IS NOT NULL;

-- Scheduled tasks of a conversation; each due time fires once (schedule_firings' key).
CREATE TABLE schedules (
  id TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations (id),
  cron TEXT,
  time_zone TEXT,
  once_at INTEGER,
  prompt TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('active', 'done', 'cancelled')),
  next_due_at INTEGER,
  created_by TEXT UNIQUE,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  CHECK ((cron IS NULL) <> (once_at IS NULL))
) STRICT;
CREATE INDEX schedules_due ON schedules (state, next_due_at);
CREATE TABLE schedule_firings (
  schedule_id TEXT NOT NULL REFERENCES schedules (id),
  due_at INTEGER NOT NULL,
  fired_at INTEGER NOT NULL,
  message_id TEXT NOT NULL,
  PRIMARY KEY (schedule_id, due_at)
) STRICT;
`,
  },
  {
    version: 11,
    name: 'api audit',
    sql: `
-- Every request that changed something through the HTTP API (the web console), with who made it.
CREATE TABLE api_audit (
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  actor TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  status INTEGER NOT NULL,
  detail TEXT
) STRICT;
CREATE INDEX api_audit_by_time ON api_audit (at);
`,
  },
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
