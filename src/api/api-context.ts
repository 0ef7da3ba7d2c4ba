import type { DaemonContext } from '../daemon/daemon-context.js'
import type { ToolHost } from '../host/create-tool-host.js'
import type { Store } from '../store/store.js'

/** What the API's handlers use: the host, its store, and the running daemon. */
export interface ApiContext {
  readonly host: ToolHost
  readonly store: Store
  readonly daemon: DaemonContext
}
