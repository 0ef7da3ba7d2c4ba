import { fileURLToPath, pathToFileURL } from 'node:url'

/** A file URI of a host path. */
export function pathToUri(path: string): string {
  return pathToFileURL(path).href
}

/** One spelling of a file URI, whatever the server's escaping (`%3A` or `:`), so that URIs compare. */
export function normalUri(uri: string): string {
  try {
    return pathToFileURL(fileURLToPath(uri)).href
  } catch {
    return uri
  }
}
