/**
 * How the shadow repository's git is run: the same settings on every machine, whatever the host's
 * git configuration, environment or the workspace's own files ask for.
 */

/**
 * The environment git runs with: built from nothing but the search path, so no `GIT_*` variable of
 * the host (GIT_DIR, GIT_INDEX_FILE, GIT_EXTERNAL_DIFF, …) reaches it. No system or global config is
 * read, HOME is the state directory (so no `~/.config/git` either), messages are in English for
 * the error matching below.
 * @example gitEnvironment('/var/lib/toolhost/changes/ab12', '/usr/bin:/bin')
 */
export function gitEnvironment(stateDir: string, searchPath: string): Record<string, string> {
  return {
    PATH: searchPath,
    HOME: stateDir,
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ATTR_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_NO_REPLACE_OBJECTS: '1',
  }
}

/**
 * Options given before every git command. Line endings and file modes are stored as they are on
 * disk; no fsmonitor daemon, hook, pager or automatic gc runs; paths come back unquoted. The
 * untracked cache lets a repeated snapshot skip directories whose mtime did not change.
 */
export const gitConfigArgs: readonly string[] = [
  '--no-pager',
  '--no-optional-locks',
  ...[
    'core.autocrlf=false',
    'core.safecrlf=false',
    'core.quotepath=false',
    'core.fsmonitor=false',
    'core.hooksPath=/dev/null',
    'core.untrackedCache=true',
    'core.looseCompression=1',
    'core.bare=false',
    'core.filemode=true',
    'core.symlinks=true',
    'gc.auto=0',
    'diff.noprefix=false',
    'diff.mnemonicPrefix=false',
    'diff.renameLimit=1000',
    'advice.addEmbeddedRepo=false',
    'advice.addIgnoredFile=false',
  ].flatMap((setting) => ['-c', setting]),
]

/**
 * Attributes that override the workspace's `.gitattributes` (the git directory's `info/attributes`
 * comes first): contents are stored byte for byte, never filtered or re-encoded.
 */
export const shadowAttributes = '* -text -filter -ident -working-tree-encoding\n'
