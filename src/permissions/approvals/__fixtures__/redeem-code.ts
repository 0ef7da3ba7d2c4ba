/**
 * A child process that tries to redeem a one-time code once, at a given moment, and prints the
 * result as JSON: the concurrency test of one-time codes starts several at the same instant.
 *
 *   redeem-code.ts <dataDir> <conversationId> <code> <startAt>
 */
import { redeemCode } from '../one-time-code.js'
import { openStore } from '../../../store/open-store.js'

const [dataDir, conversationId, code, startAt = '0'] = process.argv.slice(2)
if (dataDir === undefined || conversationId === undefined || code === undefined)
  throw new Error('usage: redeem-code.ts <dataDir> <conversationId> <code> <startAt>')
const store = openStore(dataDir)
while (Date.now() < Number(startAt)) await new Promise((r) => setTimeout(r, 1))
process.stdout.write(`${JSON.stringify(redeemCode(store, { conversationId, code }))}\n`)
store.close()
