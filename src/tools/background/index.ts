import { shellKillTool } from './kill.js'
import { shellOutputTool } from './output.js'

/** The tools that follow up background shell commands. */
export const backgroundTools = [shellOutputTool, shellKillTool] as const

export { startInBackground } from './background-start.js'
export { stopBackgroundCommands, stopBackgroundCommandsIn, type StartedCommand } from './background-commands.js'
