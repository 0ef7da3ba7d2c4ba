import { z } from 'zod'
import { fillText, loadText, loadTexts } from '../../text/model-text.js'
import { defineTool } from '../../tool/define-tool.js'
import { replKey, stopReplSessions, type ReplLanguage } from './repl-sessions.js'
import { replToolIds } from './run.js'

const texts = loadTexts(import.meta.url, ['reset', 'resetNone'] as const)
const description = loadText(import.meta.url, 'reset.description.md')

const inputSchema = z.object({
  language: z.enum(['javascript', 'python']).optional().describe('The REPL to reset; both when not given.'),
})

/**
 * `repl.reset`: stops the run's REPL processes (one language or both), so that the next
 * `repl.run` starts with a fresh state. Structured: `{ languages, stopped }`.
 */
export const replResetTool = defineTool({
  name: 'repl.reset',
  description: (ctx) => fillText(description, { run: ctx.alias(replToolIds.run) }),
  inputSchema,
  annotations: { readOnly: false, destructive: true, idempotent: true },
  call: async ({ language }, ctx) => {
    const languages: readonly ReplLanguage[] = language === undefined ? ['javascript', 'python'] : [language]
    const runDir = ctx.hostDirs?.runDir
    const stopped =
      runDir === undefined
        ? []
        : (await Promise.all(languages.map((each) => stopReplSessions(replKey(runDir, each))))).flatMap((was, index) =>
            was ? [languages[index]] : [],
          )
    return {
      content:
        stopped.length > 0
          ? fillText(texts.reset, { languages: stopped.join(' and ') })
          : fillText(texts.resetNone, { languages: languages.join(' or ') }),
      structured: { languages, stopped },
    }
  },
  renderToolUseMessage: ({ language }) => `Reset ${language ?? 'REPLs'}`,
})
