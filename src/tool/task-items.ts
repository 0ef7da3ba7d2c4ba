import type { TaskItem, TaskStatus } from './run-services.js'

/** The statuses of a plan's items, in the order work moves through them. */
export const taskStatuses: readonly TaskStatus[] = ['pending', 'in_progress', 'completed', 'cancelled']

/**
 * A stored plan as the plan tools see it: a status a newer writer added reads as pending, so an
 * older reader never fails on it.
 * @example taskItemsOf([{ content: 'Ship', status: 'done-ish' }]) // [{ content: 'Ship', status: 'pending' }]
 */
export function taskItemsOf(stored: readonly { readonly content: string; readonly status: string }[]): TaskItem[] {
  return stored.map((item) => ({
    content: item.content,
    status: (taskStatuses as readonly string[]).includes(item.status) ? (item.status as TaskStatus) : 'pending',
  }))
}
