import type { ApiRoute } from '../route.js'

/** Filled in below. */
export const toolRoutes: readonly ApiRoute[] = []
