import type { ErrorCodeTable } from './error-code-info.js'

/** Codes of the workspace and of the tools that work in it: files, edits, patches, finding, publishing, the shells, the REPLs. */
export const workspaceErrorCodes = {
  'workspace.path_outside': {
    kind: 'recoverable',
    meaning: 'A path leads outside the workspace (`..`, an absolute host path, a link that leaves it).',
    texts: [
      'workspace/texts/path-outside.txt',
      'workspace/texts/host-path-hidden.txt',
      'tools/workspace/find/texts/path-outside.txt',
    ],
  },
  'workspace.control_files': {
    kind: 'recoverable',
    meaning: "A path names toolhost's own state inside the workspace, which tools never reach.",
    texts: ['workspace/texts/control-files.txt'],
  },
  'workspace.path_too_long': {
    kind: 'recoverable',
    meaning: 'A path is longer than the limits for a path, a name or the folder depth, or longer than the host allows.',
    texts: ['workspace/texts/path-too-long.txt', 'workspace/texts/host-path-too-long.txt'],
  },
  'workspace.not_found': {
    kind: 'recoverable',
    meaning: 'No file or folder at the path.',
    texts: [
      'workspace/texts/not-found.txt',
      'tools/workspace/files/texts/not-found.txt',
      'tools/workspace/files/texts/edit-missing-file.txt',
      'tools/workspace/find/texts/not-found.txt',
    ],
  },
  'workspace.is_directory': {
    kind: 'recoverable',
    meaning: 'A file operation was given a folder.',
    texts: [
      'workspace/texts/is-directory.txt',
      'tools/workspace/files/texts/is-directory.txt',
      'tools/workspace/publish/texts/directory.txt',
    ],
  },
  'workspace.not_a_file': {
    kind: 'recoverable',
    meaning: 'The path is neither a regular file nor a folder (a device, a socket, a pipe).',
    texts: ['tools/workspace/files/texts/not-a-file.txt', 'tools/workspace/publish/texts/binary.txt'],
  },
  'workspace.not_directory': {
    kind: 'recoverable',
    meaning: 'A listing or glob was given a file where it needs a folder.',
    texts: ['tools/workspace/find/texts/not-directory.txt'],
  },
  'workspace.parent_not_directory': {
    kind: 'recoverable',
    meaning: 'A file cannot be written because a file stands where one of its parent folders would be.',
    texts: ['tools/workspace/files/texts/parent-not-directory.txt'],
  },
  'workspace.read_only': {
    kind: 'recoverable',
    meaning: 'A write to a read-only mount of the workspace.',
    texts: ['workspace/texts/read-only.txt'],
  },
  'workspace.permission_denied': {
    kind: 'recoverable',
    meaning: 'The host refused access to the file (EACCES, EPERM).',
    texts: ['workspace/texts/permission-denied.txt'],
  },
  'workspace.host_error': {
    kind: 'recoverable',
    meaning: 'Another system error of the host (EMFILE, EIO, ENOSPC …), named by its code only.',
    texts: ['workspace/texts/host-error.txt'],
  },
  'workspace.file_changed': {
    kind: 'recoverable',
    meaning: 'The file changed since the model read it (or since the patch was checked); nothing was written.',
    texts: [
      'workspace/texts/file-changed.txt',
      'tools/workspace/files/texts/file-changed.txt',
      'tools/workspace/apply-patch/texts/file-changed.txt',
    ],
  },
  'workspace.read_required': {
    kind: 'recoverable',
    meaning: 'A write or edit of a file the model has not read in full (or at all) in this run.',
    texts: [
      'tools/workspace/files/texts/write-read-required.txt',
      'tools/workspace/files/texts/edit-read-required.txt',
      'tools/workspace/files/texts/write-partial-read.txt',
    ],
  },
  'workspace.file_too_large': {
    kind: 'recoverable',
    meaning: 'The file is larger than the file tools read.',
    texts: ['tools/workspace/files/texts/file-too-large.txt'],
  },
  'workspace.binary_file': {
    kind: 'recoverable',
    meaning: 'An edit of a binary file.',
    texts: ['tools/workspace/files/texts/edit-binary.txt'],
  },
  'workspace.not_utf8': {
    kind: 'recoverable',
    meaning: 'An edit of a file that is not valid UTF-8 text.',
    texts: ['tools/workspace/files/texts/edit-not-utf8.txt'],
  },
  'read_file.offset_past_end': {
    kind: 'recoverable',
    meaning: 'A read starts after the last line of the file.',
    texts: ['tools/workspace/files/texts/read-offset-past-end.txt'],
  },
  'edit.no_change': {
    kind: 'recoverable',
    meaning: 'An edit whose old and new strings are the same.',
    texts: ['tools/workspace/files/texts/edit-no-change.txt'],
  },
  'edit.empty_old_string': {
    kind: 'recoverable',
    meaning: 'An edit with an empty old string of a file that is not empty.',
    texts: ['tools/workspace/files/texts/edit-empty-old.txt'],
  },
  'edit.not_found': {
    kind: 'recoverable',
    meaning: 'The old string of an edit is not in the file (with a near-miss hint when there is one).',
    texts: ['tools/workspace/files/texts/edit-not-found.txt'],
  },
  'edit.not_unique': {
    kind: 'recoverable',
    meaning: 'The old string of an edit occurs more than once and replace_all is not set.',
    texts: ['tools/workspace/files/texts/edit-not-unique.txt'],
  },
  'patch.invalid': {
    kind: 'recoverable',
    meaning: 'A patch has a syntax error.',
    texts: ['tools/workspace/apply-patch/texts/patch-invalid.txt'],
  },
  'patch.context_not_found': {
    kind: 'recoverable',
    meaning: "A hunk's context (or its @@ anchor) is not in the file, or matches more than one place.",
    texts: [
      'tools/workspace/apply-patch/texts/context-not-found.txt',
      'tools/workspace/apply-patch/texts/context-ambiguous.txt',
      'tools/workspace/apply-patch/texts/anchor-not-found.txt',
    ],
  },
  'patch.file_not_found': {
    kind: 'recoverable',
    meaning: 'A patch updates or deletes a file that does not exist (or is not a file).',
    texts: ['tools/workspace/apply-patch/texts/file-not-found.txt', 'tools/workspace/apply-patch/texts/not-a-file.txt'],
  },
  'patch.file_exists': {
    kind: 'recoverable',
    meaning: 'A patch adds a file where a file or folder already stands.',
    texts: ['tools/workspace/apply-patch/texts/file-exists.txt', 'tools/workspace/apply-patch/texts/path-taken.txt'],
  },
  'patch.not_text': {
    kind: 'recoverable',
    meaning: 'A patch has hunks for a file that is not UTF-8 text.',
    texts: ['tools/workspace/apply-patch/texts/not-text.txt'],
  },
  'search.invalid_pattern': {
    kind: 'recoverable',
    meaning: 'A search pattern is not a valid regular expression, or is over the pattern limits.',
    texts: ['tools/workspace/find/texts/invalid-pattern.txt'],
  },
  'glob.invalid_pattern': {
    kind: 'recoverable',
    meaning: 'A glob pattern is invalid or over its limits.',
    texts: ['tools/workspace/find/texts/glob-invalid-pattern.txt'],
  },
  'publish.reply_missing': {
    kind: 'recoverable',
    meaning: 'The reply file to publish does not exist.',
    texts: ['tools/workspace/publish/texts/missing.txt'],
  },
  'publish.reply_empty': {
    kind: 'recoverable',
    meaning: 'The reply file to publish is empty.',
    texts: ['tools/workspace/publish/texts/empty.txt'],
  },
  'publish.reply_binary': {
    kind: 'recoverable',
    meaning: 'The reply file to publish is not UTF-8 text.',
    texts: ['tools/workspace/publish/texts/binary.txt'],
  },
  'publish.reply_too_long': {
    kind: 'recoverable',
    meaning: 'The reply file to publish is longer than a reply may be.',
    texts: ['tools/workspace/publish/texts/too-long.txt', 'tools/workspace/publish/texts/too-long-edit.txt'],
  },
  'shell.timeout': {
    kind: 'recoverable',
    meaning: 'A shell command ran past its timeout; the output so far comes with the error.',
    texts: ['tools/workspace/shell/texts/timeout.txt', 'tools/workspace/shell/texts/timeout-output.txt'],
  },
  'shell.cancelled': {
    kind: 'recoverable',
    meaning: 'A shell command was stopped because the run was cancelled.',
    texts: ['tools/workspace/shell/texts/cancelled.txt'],
  },
  'shell.sandbox_error': {
    kind: 'recoverable',
    meaning: 'The shell sandbox failed (ran out of memory, crashed, or refused the command).',
    texts: [
      'tools/workspace/shell/texts/sandbox-error.txt',
      'tools/workspace/shell/texts/out-of-memory.txt',
      'tools/system/shell/texts/sandbox-failed.txt',
    ],
  },
  'shell.invalid_workdir': {
    kind: 'recoverable',
    meaning: 'The workdir of a shell command is not a folder of the workspace.',
    texts: ['tools/workspace/shell/texts/workdir.txt'],
  },
  'sandbox.unavailable': {
    kind: 'diagnostic',
    meaning: 'Tools that run real programs are left out: the OS sandbox (bubblewrap) does not work on this machine.',
  },
  'shell.sandbox_unavailable': {
    kind: 'recoverable',
    meaning: 'Real commands cannot run: the OS sandbox (bubblewrap) does not work on this machine.',
    texts: ['tools/system/shell/texts/unavailable.txt'],
  },
  'shell.output_limit': {
    kind: 'recoverable',
    meaning: 'A real command wrote more output than a call may hold and was stopped.',
    texts: ['tools/system/shell/texts/output-limit.txt'],
  },
  'shell.background_unavailable': {
    kind: 'recoverable',
    meaning: 'A background command was asked for outside a run, which has nowhere to keep it.',
    texts: ['tools/background/texts/outside-run.txt'],
  },
  'shell.background_limit': {
    kind: 'recoverable',
    meaning: 'As many background commands as the profile allows are already running in the run.',
    texts: ['tools/background/texts/limit.txt'],
  },
  'shell.unknown_task': {
    kind: 'recoverable',
    meaning: 'A shell.output or shell.kill call named a background command the run does not have.',
    texts: [
      'tools/background/texts/unknown-task.txt',
      'tools/background/texts/known-tasks.txt',
      'tools/background/texts/no-tasks.txt',
    ],
  },
  'repl.unavailable': {
    kind: 'recoverable',
    meaning: 'A REPL cannot start: the call has no run, the OS sandbox does not work, or the interpreter is missing.',
    texts: [
      'tools/repl/texts/outside-run.txt',
      'tools/repl/texts/sandbox-unavailable.txt',
      'tools/repl/texts/no-python.txt',
    ],
  },
  'repl.error': {
    kind: 'recoverable',
    meaning: 'Code run in a REPL raised an exception; the traceback comes with the error and the state is kept.',
    texts: ['tools/repl/texts/error.txt'],
  },
  'repl.timeout': {
    kind: 'recoverable',
    meaning: "Code run in a REPL ran past its timeout; the process was stopped and the REPL's state is lost.",
    texts: ['tools/repl/texts/timeout.txt', 'tools/repl/texts/output-so-far.txt'],
  },
  'repl.cancelled': {
    kind: 'recoverable',
    meaning: "A REPL call was stopped because the run was cancelled; the REPL's state is lost.",
    texts: ['tools/repl/texts/cancelled.txt'],
  },
  'repl.process_ended': {
    kind: 'recoverable',
    meaning: 'A REPL process ended during a call (memory or CPU limit, exit, a sandbox failure); its state is lost.',
    texts: [
      'tools/repl/texts/process-ended.txt',
      'tools/repl/texts/killed.txt',
      'tools/repl/texts/exited.txt',
      'tools/repl/texts/sandbox-failed.txt',
    ],
  },
} as const satisfies ErrorCodeTable
