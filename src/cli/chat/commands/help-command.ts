import type { SlashCommand } from '../../../chat/commands/slash-command.js'

/** The keys of the chat's input, as `/help` lists them. */
export const chatKeys: readonly (readonly [string, string])[] = [
  ['Enter', 'sends the message'],
  ['Shift-Enter, Alt-Enter, \\ at the end', 'adds a line'],
  ['↑ / ↓', 'earlier and later messages'],
  ['Ctrl-C', 'stops the answer; twice exits'],
  ['Ctrl-O', 'expands the last long output'],
  ['@path', 'attaches a workspace file'],
  ['//text', 'sends a line that starts with /'],
  ['Esc', 'clears the input'],
]

/**
 * `/help`: every command with how to type it and what it does, then the keys.
 * @example await runSlash('/help', ctx)
 */
export const helpCommand: SlashCommand = {
  name: 'help',
  usage: '/help',
  summary: 'the commands and keys',
  whileBusy: true,
  run(_args, ctx) {
    const usageWidth = Math.max(...ctx.commands.map((command) => command.usage.length))
    const keyWidth = Math.max(...chatKeys.map(([key]) => key.length))
    const lines = [
      'Commands:',
      ...ctx.commands.map((command) => `  ${command.usage.padEnd(usageWidth)}  ${command.summary}`),
      '',
      'Keys:',
      ...chatKeys.map(([key, what]) => `  ${key.padEnd(keyWidth)}  ${what}`),
    ]
    ctx.dispatch({ type: 'notice', tone: 'info', text: lines.join('\n') })
  },
}
