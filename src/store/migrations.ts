/**
 * The schema of `toolhost.db` as an ordered list of steps. This file imports only the later steps
 * (`later-migrations.ts`, which imports nothing), so that a child process or a tool can apply them
 * with nothing but `node:sqlite`.
 *
 * Rules: never edit a step that has shipped; add a new one with the next version. Each step runs in
 * its own transaction together with its row in `schema_migrations`. All tables are STRICT so a
 * column holds only its declared type.
 */

import { laterMigrations } from './later-migrations.js'

/** One schema step. */
export interface Migration {
  /** 1, 2, 3, … without gaps. */
  readonly version: number
  /** A short label stored beside the version; a different label for the same version is refused. */
  readonly name: string
  readonly sql: string
}

const eventTypeList =
  "'requested', 'decided', 'started', 'progress', 'completed', 'failed', 'stored', 'turn_started', 'turn_completed'"

// Frozen copies of the lists as step 6 shipped them; a later step that adds a kind or type adds a
// new step that rebuilds the table, never an edit here.
const transcriptKindList = "'user', 'assistant', 'results', 'reminder', 'summary'"
const runEventTypeList =
  "'run_started', 'invocation_started', 'reply', 'drift', 'compacted', 'handoff', 'child_started', 'child_ended', 'finished', 'model_error'"

// Step 8: the audit log records one event per move of a call through its lifecycle.
const callEventTypeList =
  "'requested', 'rejected', 'admitted', 'denied', 'awaiting_approval', 'scheduled', 'running', 'succeeded', 'failed', 'timed_out', 'cancelled', 'outcome_unknown', 'progress', 'mid_call_approval', 'stored', 'turn_started', 'turn_completed'"

// An earlier event of the same call, for the step 8 mapping.
const earlier = (condition: string) =>
  `EXISTS (SELECT 1 FROM events d WHERE d.invocation_id = e.invocation_id AND d.call_id = e.call_id AND d.seq < e.seq AND ${condition})`

/** Every step, oldest first. */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'runs, invocations, events, checkpoints',
    sql: `
CREATE TABLE runs (
  id TEXT PRIMARY KEY,
  scope TEXT NOT NULL CHECK (scope IN ('chat', 'session')),
  profile_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'paused', 'completed', 'failed', 'cancelled')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX runs_by_status ON runs (status, created_at);
CREATE INDEX runs_by_created ON runs (created_at);

CREATE TABLE invocations (
  id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL REFERENCES runs (id),
  protocol TEXT NOT NULL,
  snapshot TEXT NOT NULL CHECK (json_valid(snapshot)),
  profile TEXT NOT NULL CHECK (json_valid(profile)),
  created_at INTEGER NOT NULL,
  -- the parent key of (invocation_id, run_id) references: a row cannot name another run's invocation
  UNIQUE (id, run_id)
) STRICT;
CREATE INDEX invocations_by_run ON invocations (run_id, created_at);

-- The audit log. seq is the rowid: assigned in commit order, never reused (rows are never deleted).
CREATE TABLE events (
  seq INTEGER PRIMARY KEY,
  run_id TEXT NOT NULL,
  invocation_id TEXT NOT NULL,
  call_id TEXT,
  type TEXT NOT NULL CHECK (type IN (${eventTypeList})),
  at INTEGER NOT NULL,
  tool_id TEXT,
  data TEXT NOT NULL CHECK (json_valid(data)),
  FOREIGN KEY (invocation_id, run_id) REFERENCES invocations (id, run_id),
  -- turn events belong to no call; every other event belongs to exactly one
  CHECK ((call_id IS NULL) = (type IN ('turn_started', 'turn_completed')))
) STRICT;
CREATE INDEX events_by_run ON events (run_id, seq);
CREATE INDEX events_by_invocation ON events (invocation_id, seq);
CREATE INDEX events_by_call ON events (call_id, seq) WHERE call_id IS NOT NULL;
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;

-- Every checkpoint is kept (seq 1, 2, …); the highest seq of an invocation is the one resume uses.
CREATE TABLE checkpoints (
  invocation_id TEXT NOT NULL REFERENCES invocations (id),
  seq INTEGER NOT NULL CHECK (seq >= 1),
  event_seq INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  data TEXT NOT NULL CHECK (json_valid(data)),
  PRIMARY KEY (invocation_id, seq)
) STRICT;
`,
  },
  {
    version: 2,
    name: 'approvals',
    sql: `
CREATE TABLE approvals (
  id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL,
  invocation_id TEXT NOT NULL,
  call_id TEXT NOT NULL,
  tool_id TEXT NOT NULL,
  alias TEXT NOT NULL,
  input TEXT NOT NULL CHECK (json_valid(input)),
  reason TEXT NOT NULL,
  rule TEXT,
  always_rule TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'allowed', 'denied', 'expired')),
  decision TEXT CHECK (decision IN ('once', 'always')),
  message TEXT,
  approver TEXT,
  created_at INTEGER NOT NULL,
  decided_at INTEGER,
  FOREIGN KEY (invocation_id, run_id) REFERENCES invocations (id, run_id),
  -- one request per call, so a resumed run finds the request it made before the restart
  UNIQUE (invocation_id, call_id),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK ((status = 'allowed') = (decision IS NOT NULL))
) STRICT;
CREATE INDEX approvals_by_status ON approvals (status, created_at);
CREATE INDEX approvals_by_run ON approvals (run_id, created_at);
`,
  },
  {
    version: 3,
    name: 'one-time codes',
    sql: `
-- Codes that approve a request over a chat channel. Only a salted SHA-256 of the code is stored.
CREATE TABLE one_time_codes (
  id INTEGER PRIMARY KEY,
  approval_id TEXT NOT NULL REFERENCES approvals (id),
  conversation_id TEXT NOT NULL,
  salt BLOB NOT NULL,
  hash BLOB NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('active', 'used', 'locked', 'replaced')),
  failed_attempts INTEGER NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  ended_at INTEGER
) STRICT;
-- at most one code per request is not superseded
CREATE UNIQUE INDEX one_time_codes_current ON one_time_codes (approval_id) WHERE status <> 'replaced';
CREATE INDEX one_time_codes_by_conversation ON one_time_codes (conversation_id) WHERE status <> 'replaced';
`,
  },
  {
    version: 4,
    name: 'memories',
    sql: `
-- Memories an owner (user:<id> or conversation:<id>) keeps across runs. Tags are a JSON array.
CREATE TABLE memories (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  text TEXT NOT NULL,
  tags TEXT NOT NULL CHECK (json_valid(tags) AND json_type(tags) = 'array'),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX memories_by_owner ON memories (owner, updated_at);

-- Full-text index over text and tags, kept in step by triggers; rowid follows memories' rowid.
CREATE VIRTUAL TABLE memories_fts USING fts5(text, tags, content='memories', content_rowid='rowid', tokenize='porter unicode61');
CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
  INSERT INTO memories_fts (rowid, text, tags) VALUES (new.rowid, new.text, new.tags);
END;
CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
  INSERT INTO memories_fts (memories_fts, rowid, text, tags) VALUES ('delete', old.rowid, old.text, old.tags);
END;
CREATE TRIGGER memories_fts_update AFTER UPDATE ON memories BEGIN
  INSERT INTO memories_fts (memories_fts, rowid, text, tags) VALUES ('delete', old.rowid, old.text, old.tags);
  INSERT INTO memories_fts (rowid, text, tags) VALUES (new.rowid, new.text, new.tags);
END;
`,
  },
  {
    version: 5,
    name: 'mcp servers and tools',
    sql: `
-- MCP servers the host may connect to. config is the transport as JSON (command, args, env or url,
-- headers); it may hold secrets, so the database stays owner-only.
CREATE TABLE mcp_registrations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  transport TEXT NOT NULL CHECK (transport IN ('stdio', 'http')),
  config TEXT NOT NULL CHECK (json_valid(config)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;

-- The tools a server listed at its last discovery, with the permission the user gave each one.
-- fingerprint is a hash of what the model sees (description, schema, hints), so a change is noticed.
CREATE TABLE mcp_tools (
  registration_id TEXT NOT NULL REFERENCES mcp_registrations (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  definition TEXT NOT NULL CHECK (json_valid(definition)),
  fingerprint TEXT NOT NULL,
  permission TEXT NOT NULL DEFAULT 'off' CHECK (permission IN ('off', 'ask', 'allow')),
  listed_at INTEGER NOT NULL,
  PRIMARY KEY (registration_id, name)
) STRICT;
`,
  },
  {
    version: 6,
    name: 'transcripts and run events',
    sql: `
-- The provider-neutral transcript of each invocation (user, assistant, results, reminder, summary
-- entries), replayed into the model's prompt. seq counts from 1 per invocation. Append-only:
-- compaction adds a summary entry instead of rewriting history.
CREATE TABLE transcript_entries (
  invocation_id TEXT NOT NULL REFERENCES invocations (id),
  seq INTEGER NOT NULL CHECK (seq >= 1),
  at INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN (${transcriptKindList})),
  data TEXT NOT NULL CHECK (json_valid(data) AND json_type(data) = 'object'),
  PRIMARY KEY (invocation_id, seq)
) STRICT;
CREATE TRIGGER transcript_entries_no_update BEFORE UPDATE ON transcript_entries
BEGIN SELECT RAISE(ABORT, 'transcript entries are append-only'); END;
CREATE TRIGGER transcript_entries_no_delete BEFORE DELETE ON transcript_entries
BEGIN SELECT RAISE(ABORT, 'transcript entries are append-only'); END;

-- What happened to a run as a whole (started, invocations, replies, drift, compaction, handoffs,
-- children, the end). seq counts from 1 per run. Append-only.
CREATE TABLE run_events (
  run_id TEXT NOT NULL REFERENCES runs (id),
  seq INTEGER NOT NULL CHECK (seq >= 1),
  at INTEGER NOT NULL,
  type TEXT NOT NULL CHECK (type IN (${runEventTypeList})),
  data TEXT NOT NULL CHECK (json_valid(data) AND json_type(data) = 'object'),
  PRIMARY KEY (run_id, seq)
) STRICT;
CREATE INDEX run_events_by_type ON run_events (run_id, type, seq);
CREATE TRIGGER run_events_no_update BEFORE UPDATE ON run_events
BEGIN SELECT RAISE(ABORT, 'run events are append-only'); END;
CREATE TRIGGER run_events_no_delete BEFORE DELETE ON run_events
BEGIN SELECT RAISE(ABORT, 'run events are append-only'); END;
`,
  },
  {
    version: 7,
    name: 'run leases',
    sql: `
-- Which process drives a run, so that two processes never resume the same run at once. A lease
-- expires unless renewed; a holder on the same host whose process is gone may be taken over.
CREATE TABLE run_leases (
  run_id TEXT PRIMARY KEY REFERENCES runs (id),
  host TEXT NOT NULL,
  pid INTEGER NOT NULL,
  acquired_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) STRICT;
`,
  },
  {
    version: 8,
    name: 'call lifecycle events',
    sql: `
-- One event per move of a call (requested → rejected | admitted → denied | awaiting_approval →
-- scheduled → running → succeeded | failed | timed_out | cancelled | outcome_unknown). Rows of the
-- older vocabulary are carried over: decided becomes scheduled, denied or awaiting_approval by its
-- behavior; started becomes running; completed becomes the outcome its result shows (rejected when
-- the gate refused the call); a decided row while the call ran becomes mid_call_approval. A
-- denial's result moves into its denied row.
CREATE TABLE events_v8 (
  seq INTEGER PRIMARY KEY,
  run_id TEXT NOT NULL,
  invocation_id TEXT NOT NULL,
  call_id TEXT,
  type TEXT NOT NULL CHECK (type IN (${callEventTypeList})),
  at INTEGER NOT NULL,
  tool_id TEXT,
  data TEXT NOT NULL CHECK (json_valid(data)),
  FOREIGN KEY (invocation_id, run_id) REFERENCES invocations (id, run_id),
  CHECK ((call_id IS NULL) = (type IN ('turn_started', 'turn_completed')))
) STRICT;
INSERT INTO events_v8 (seq, run_id, invocation_id, call_id, type, at, tool_id, data)
SELECT 2 * e.seq, e.run_id, e.invocation_id, e.call_id,
  CASE e.type
    WHEN 'decided' THEN CASE
      WHEN ${earlier("d.type = 'started'")} THEN 'mid_call_approval'
      WHEN json_extract(e.data, '$.behavior') = 'allow' THEN 'scheduled'
      WHEN json_extract(e.data, '$.behavior') = 'deny' THEN 'denied'
      ELSE 'awaiting_approval' END
    WHEN 'started' THEN 'running'
    WHEN 'completed' THEN CASE
      WHEN NOT ${earlier("d.type IN ('decided', 'started')")} THEN 'rejected'
      WHEN json_extract(e.data, '$.result.errorCode') = 'tool.timeout' THEN 'timed_out'
      WHEN json_extract(e.data, '$.result.errorCode') = 'tool.cancelled' THEN 'cancelled'
      WHEN json_extract(e.data, '$.result.errorCode') = 'tool.outcome_unknown' THEN 'outcome_unknown'
      WHEN json_extract(e.data, '$.result.isError') THEN 'failed'
      ELSE 'succeeded' END
    ELSE e.type END,
  e.at, e.tool_id,
  CASE WHEN e.type = 'decided' AND json_extract(e.data, '$.behavior') = 'deny' AND NOT ${earlier("d.type = 'started'")}
    THEN json_patch(e.data, json_object('result', json((
      SELECT json_extract(c.data, '$.result') FROM events c
      WHERE c.invocation_id = e.invocation_id AND c.call_id = e.call_id AND c.type = 'completed' AND c.seq > e.seq
      ORDER BY c.seq LIMIT 1))))
    ELSE e.data END
FROM events e
WHERE NOT (e.type = 'completed' AND NOT ${earlier("d.type = 'started'")}
  AND ${earlier("d.type = 'decided' AND json_extract(d.data, '$.behavior') = 'deny'")});
-- The older log has no admitted row: each call's first decision implies one, placed just before it
-- (positions double so that it fits; checkpoints keep pointing at the same place in the log).
INSERT INTO events_v8 (seq, run_id, invocation_id, call_id, type, at, tool_id, data)
SELECT 2 * e.seq - 1, e.run_id, e.invocation_id, e.call_id, 'admitted', e.at, e.tool_id, '{}'
FROM events e
WHERE e.type = 'decided' AND NOT ${earlier("d.type IN ('decided', 'started')")};
UPDATE checkpoints SET event_seq = 2 * event_seq;
DROP TABLE events;
ALTER TABLE events_v8 RENAME TO events;
CREATE INDEX events_by_run ON events (run_id, seq);
CREATE INDEX events_by_invocation ON events (invocation_id, seq);
CREATE INDEX events_by_call ON events (call_id, seq) WHERE call_id IS NOT NULL;
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
`,
  },
  {
    version: 9,
    name: 'packed call events',
    sql: `
-- A row may hold several consecutive events of one call written together (requested, admitted and
-- scheduled, say): its own columns are the last event's, \`earlier\` is a JSON array of
-- [type, at, data] for the ones before it, and their positions are the seqs just below the row's,
-- which the writer leaves free. Rows written before this step hold one event each.
ALTER TABLE events ADD COLUMN earlier TEXT CHECK (earlier IS NULL OR json_valid(earlier));
`,
  },
  ...laterMigrations,
]
