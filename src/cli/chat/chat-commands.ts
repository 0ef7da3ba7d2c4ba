import type { SlashCommand } from '../../chat/commands/slash-command.js'
import { approvalsCommand } from './commands/approvals-command.js'
import { auditCommand } from './commands/audit-command.js'
import { clearCommand } from './commands/clear-command.js'
import { compactCommand } from './commands/compact-command.js'
import { costCommand } from './commands/cost-command.js'
import { helpCommand } from './commands/help-command.js'
import { modeCommand } from './commands/mode-command.js'
import { modelCommand } from './commands/model-command.js'
import { permissionsCommand } from './commands/permissions-command.js'
import { profileCommand } from './commands/profile-command.js'
import { resumeCommand } from './commands/resume-command.js'
import { expandCommand, exitCommand, quitCommand } from './commands/screen-commands.js'
import { toolsCommand } from './commands/tools-command.js'

/**
 * Every slash command of `toolhost chat`, in the order `/help` lists them.
 * @example await runSlash(line, { ...ctx, commands: chatCommands })
 */
export const chatCommands: readonly SlashCommand[] = [
  helpCommand,
  toolsCommand,
  modeCommand,
  modelCommand,
  profileCommand,
  approvalsCommand,
  permissionsCommand,
  compactCommand,
  resumeCommand,
  clearCommand,
  costCommand,
  auditCommand,
  expandCommand,
  exitCommand,
  quitCommand,
]
