/**
 * The program of the SQLite process: reads a `SqliteRequest` as JSON on standard input, runs it,
 * and writes the `SqliteResponse` to standard output.
 */
import { runSqliteRequest, type SqliteRequest } from './sqlite-runner.js'

const chunks: Buffer[] = []
for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
const response = runSqliteRequest(JSON.parse(Buffer.concat(chunks).toString('utf8')) as SqliteRequest)
process.stdout.write(JSON.stringify(response))
