import type { ApiRoute } from '../route.js'
import { auditRoutes } from './audit-routes.js'
import { runRoutes } from './run-routes.js'
import { toolRoutes } from './tool-routes.js'

/** Every endpoint of the API. */
export const apiRoutes: readonly ApiRoute[] = [...toolRoutes, ...runRoutes, ...auditRoutes]
