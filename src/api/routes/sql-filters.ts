/** A WHERE clause being built: conditions joined by AND, and their values in order. */
export interface SqlFilters {
  readonly where: string[]
  readonly values: (string | number)[]
}

/**
 * `column = ?` for each filter a query sets, with its value; unset filters add nothing. Column
 * names come from the route's code, never from the request.
 * @example equalityFilters({ status: 'paused', scope: undefined }) // { where: ['status = ?'], values: ['paused'] }
 */
export function equalityFilters(filters: Readonly<Record<string, string | number | undefined>>): SqlFilters {
  const set = Object.entries(filters).filter((entry): entry is [string, string | number] => entry[1] !== undefined)
  return { where: set.map(([column]) => `${column} = ?`), values: set.map(([, value]) => value) }
}

/** `WHERE a AND b`, or nothing when there are no conditions. */
export function whereClause(filters: SqlFilters): string {
  return filters.where.length === 0 ? '' : `WHERE ${filters.where.join(' AND ')}`
}
