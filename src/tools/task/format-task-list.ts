import type { TaskItem, TaskStatus } from '../../tool/run-services.js'

const marks: Readonly<Record<TaskStatus, string>> = {
  pending: '[ ]',
  in_progress: '[>]',
  completed: '[x]',
  cancelled: '[-]',
}

/**
 * A plan as numbered checklist lines, for the model and for people.
 * @example formatTaskList([{ content: 'Write tests', status: 'in_progress' }]) // '1. [>] Write tests (in progress)'
 */
export function formatTaskList(items: readonly TaskItem[]): string {
  return items
    .map((item, index) => {
      const note = item.status === 'in_progress' ? ' (in progress)' : item.status === 'cancelled' ? ' (cancelled)' : ''
      return `${index + 1}. ${marks[item.status]} ${item.content}${note}`
    })
    .join('\n')
}

/**
 * How far a plan is: completed of the items not cancelled.
 * @example taskProgress([{ content: 'a', status: 'completed' }, { content: 'b', status: 'pending' }]) // '1 of 2 done'
 */
export function taskProgress(items: readonly TaskItem[]): string {
  const counted = items.filter((item) => item.status !== 'cancelled')
  const done = counted.filter((item) => item.status === 'completed').length
  return `${done} of ${counted.length} done`
}
