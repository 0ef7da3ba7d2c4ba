import type { SlashCommand } from '../../../chat/commands/slash-command.js'

/**
 * `/expand`: shows the last long output in full.
 * @example await runSlash('/expand', ctx)
 */
export const expandCommand: SlashCommand = {
  name: 'expand',
  usage: '/expand',
  summary: 'show the last long output in full (Ctrl-O)',
  whileBusy: true,
  run(_args, ctx) {
    ctx.dispatch({ type: 'expand' })
  },
}

/**
 * `/exit`: ends the chat (what it left running is stopped; the chat stays resumable).
 * @example await runSlash('/exit', ctx)
 */
export const exitCommand: SlashCommand = {
  name: 'exit',
  usage: '/exit',
  summary: 'end the chat',
  whileBusy: true,
  run(_args, ctx) {
    ctx.exit()
  },
}

/** `/quit`: the same as `/exit`. */
export const quitCommand: SlashCommand = {
  ...exitCommand,
  name: 'quit',
  usage: '/quit',
  summary: 'end the chat (as /exit)',
}
