/**
 * The network bridge's entry point, run inside the sandbox (see `runNetworkBridge`). It exits with
 * the program's status; until then the carrier and the listener keep it alive.
 */
import { runNetworkBridge } from './network-bridge.js'

process.exit(await runNetworkBridge(process.argv.slice(2)))
