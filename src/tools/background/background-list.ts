import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { z } from 'zod'
import { readVersionedState, type VersionedFormat } from '../../core/versioned-state.js'

/** The version of a run's background command list this build writes. */
export const backgroundListVersion = 1

const entrySchema = z.strictObject({
  /** `bg_1`, `bg_2`, … in the order they started in the run. */
  id: z.string().regex(/^bg_\d+$/),
  /** Which shell runs it: the tool's native name. */
  tool: z.string(),
  command: z.string(),
  startedAt: z.number(),
  /**
   * `running`; `exited` (by itself); `killed` (by a call, or because the run ended); `lost` (the
   * host stopped while it ran: it was not run again, and may have done part of its work).
   */
  status: z.enum(['running', 'exited', 'killed', 'lost']),
  exitCode: z.number().int().optional(),
  /** Why it ended, when not by itself: `killed by shell_kill`, `the run ended`, `output limit`, … */
  note: z.string().optional(),
  endedAt: z.number().optional(),
  /** Bytes of its output file the model has read. */
  readOffset: z.number().int().min(0),
})

/** One background command of a run, as recorded. */
export type BackgroundEntry = z.output<typeof entrySchema>

const listSchema = z.strictObject({ version: z.literal(backgroundListVersion), entries: z.array(entrySchema) })

const listFormat: VersionedFormat<z.output<typeof listSchema>> = {
  version: backgroundListVersion,
  schema: listSchema,
  olderSchemas: {},
  migrations: {},
  purpose: 'read its background commands',
  otherwise: 'start the run again',
}

/** Where a run keeps its background command list. */
export function backgroundListPath(runDir: string): string {
  return join(runDir, 'background.json')
}

/** Where a background command's output goes: in the run's tool results, which the model can read. */
export function backgroundOutputPath(
  runDir: string,
  id: string,
): { readonly host: string; readonly workspace: string } {
  return {
    host: join(runDir, 'tool-results', 'background', `${id}.log`),
    workspace: `tool-results/background/${id}.log`,
  }
}

/** Reads a run's background command list; none when the run never started one. */
export function readBackgroundList(runDir: string): BackgroundEntry[] {
  let text: string
  try {
    text = readFileSync(backgroundListPath(runDir), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  return readVersionedState(JSON.parse(text) as unknown, listFormat, `Background commands of ${runDir}`, undefined)
    .entries
}

/** Writes a run's background command list atomically (a temporary file, then a rename). */
export function writeBackgroundList(runDir: string, entries: readonly BackgroundEntry[]): void {
  const file = backgroundListPath(runDir)
  mkdirSync(dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, JSON.stringify({ version: backgroundListVersion, entries }))
  renameSync(temporary, file)
}
