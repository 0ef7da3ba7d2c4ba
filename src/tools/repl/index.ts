import { replResetTool } from './reset.js'
import { replRunTool } from './run.js'

/** The REPL tools: code that keeps its state across calls, in the OS sandbox. */
export const replTools = [replRunTool, replResetTool] as const

export { replKey, stopReplSessions, type ReplLanguage } from './repl-sessions.js'
