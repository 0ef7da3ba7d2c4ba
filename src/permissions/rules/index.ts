/** The permission rule engine: rules and modes of DESIGN §7 (approvals and hooks live elsewhere). */
export {
  evaluatePermission,
  explainPermission,
  type PermissionRequest,
  type PermissionRules,
} from './evaluate-permission.js'
export type { PermissionVerdict } from './permission-verdict.js'
export { dangerousCommands, type CommandFacts, type DangerousCommand } from './dangerous-commands.js'
export { analyseCommand, MAX_COMMAND_LENGTH, type CommandAnalysis, type ShellPart } from './match-command.js'
export { normaliseWorkspacePath, pathSpecifierMatches, type NormalisedPath } from './match-path.js'
export { domainSpecifierMatches, normaliseHost } from './match-domain.js'
export { compileCommandSpecifier, type CommandPattern } from './specifier.js'
