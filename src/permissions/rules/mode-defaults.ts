import type { PermissionMode } from '../../profile/profile-schema.js'

/** What a mode does with a part no rule matched. */
export interface ModeOutcome {
  readonly behavior: 'allow' | 'ask' | 'deny'
  /** Why, as the end of a sentence: `no rule matched, and default mode …`. */
  readonly why: string
}

/**
 * The mode defaults of DESIGN §7 for a part no rule matched:
 *
 * - `default`: read-only tools allow, others ask.
 * - `acceptEdits`: as default, and file edits (path subjects written) allow.
 * - `plan`: read-only tools allow, everything else is denied.
 * - `dontAsk`: read-only tools allow (as in default, since reading is what dontAsk agents are
 *   trusted with), everything else is denied.
 * - `bypass`: everything allows.
 */
export function modeDefault(mode: PermissionMode, readOnly: boolean, fileEdit: boolean): ModeOutcome {
  if (mode === 'bypass')
    return { behavior: 'allow', why: 'no rule denies it, and bypass mode allows what no rule denies' }
  if (readOnly) return { behavior: 'allow', why: `no rule matched, and ${mode} mode allows read-only tools` }
  switch (mode) {
    case 'acceptEdits':
      return fileEdit
        ? { behavior: 'allow', why: 'no rule matched, and acceptEdits mode allows file edits' }
        : {
            behavior: 'ask',
            why: 'no rule matched, and acceptEdits mode asks before tools that change things other than files',
          }
    case 'plan':
      return { behavior: 'deny', why: 'plan mode allows only reading, and no rule allows this' }
    case 'dontAsk':
      return { behavior: 'deny', why: 'no rule allows it, and dontAsk mode denies what no rule allows' }
    case 'default':
      return { behavior: 'ask', why: 'no rule matched, and default mode asks before tools that may change things' }
  }
}
