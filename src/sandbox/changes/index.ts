/**
 * Which workspace files a command changed, and the full diff: a shadow git repository in
 * toolhost's state tracks the workspace without touching it.
 */
export { openWorkspaceChanges, summarizeChanges } from './workspace-changes.js'
export type {
  ChangedFile,
  ChangeStatus,
  WorkspaceChanges,
  WorkspaceChangesOptions,
  WorkspaceDiff,
} from './workspace-changes.js'
