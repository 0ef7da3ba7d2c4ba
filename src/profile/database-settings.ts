import { z } from 'zod'

/** A connection name as the model and permission rules name it (`DatabaseQuery(main)`). */
export const databaseNamePattern = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/

const connectionUrl = z
  .string()
  .min(1)
  .refine((url) => /^sqlite:/.test(url) || /^postgres(ql)?:\/\//.test(url), {
    message: 'must be sqlite:<path> (relative to the workspace) or postgres://user@host:port/database',
  })

/** One named database connection of a profile. */
export const databaseConnection = z.strictObject({
  /**
   * `sqlite:<path>` (a file in the workspace, opened read-only) or `postgres://…`. `${NAME}` in the
   * URL is read from the environment, so passwords stay out of the profile.
   */
  url: connectionUrl,
  /** What the database holds, shown to the model beside its name. */
  description: z.string().max(500).optional(),
  /**
   * PostgreSQL: a role every query runs as (`SET LOCAL ROLE`), narrowing what it may read. The
   * login role's own privileges stay the limit: a query can switch back to it
   * (`set_config('role', …)`), so a login that can act as a superuser is refused either way.
   */
  readOnlyRole: z.string().min(1).max(63).optional(),
  /** Longest a statement may run before it is stopped (PostgreSQL's `statement_timeout`; SQLite's process is killed). */
  statementTimeoutMs: z.number().int().min(100).max(600_000).default(30_000),
})

/** Named database connections `database.query` and `database.schema` may use; none by default. */
export const databaseSettings = z.record(
  z.string().regex(databaseNamePattern, 'must be 1-64 letters, digits, "_" or "-", starting with a letter'),
  databaseConnection,
)

/** A validated database connection with defaults filled in. */
export type DatabaseConnection = z.output<typeof databaseConnection>
