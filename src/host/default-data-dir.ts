import { join, resolve } from 'node:path'

/** Where toolhost keeps its data when no directory is given: `$TOOLHOST_HOME`, or `.toolhost/` in the working directory. */
export function defaultDataDir(): string {
  return resolve(process.env.TOOLHOST_HOME ?? join(process.cwd(), '.toolhost'))
}
