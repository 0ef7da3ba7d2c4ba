/**
 * `toolhost/process`: process tools — tools implemented by any program, described by YAML specs in
 * a directory and run out of process through a JSON-lines protocol in which the host performs HTTP
 * and memory operations on the program's behalf. A host loads and watches its own process tool
 * directories; these functions read specs without a host (to check them, or to list their tools),
 * and the types describe the spec and the program's replies.
 *
 * @example
 * import { loadProcessTools } from 'toolhost/process'
 *
 * const { tools, diagnostics } = await loadProcessTools(['.toolhost/tools'])
 */
export { loadProcessTools, maxSpecFileBytes } from './load-process-tools.js'
export type { ProcessDiagnostic, ProcessToolsLoad } from './load-process-tools.js'
export { watchProcessTools } from './watch-process-tools.js'
export type { WatchProcessToolsOptions } from './watch-process-tools.js'
export type { ProcessCatalogTool } from './process-catalog-tool.js'
export type { ProcessToolOptions } from './run-process-tool.js'
export { parseSpecFile } from './parse-spec-file.js'
export type { ParsedSpecFile, SpecFileProblem } from './parse-spec-file.js'
export { parameterTypes, processLimits, totalTimeMs } from './process-spec.js'
export type { ParameterType, ProcessEnvSpec, ProcessParameter, ProcessToolSpec } from './process-spec.js'
export type { DbRequest, HttpRequest, ProcessReply } from './parse-reply.js'
