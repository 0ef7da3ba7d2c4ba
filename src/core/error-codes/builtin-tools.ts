import type { ErrorCodeTable } from './error-code-info.js'

/** Codes of the small builtin tools: calculator, dice, chat history and memory. */
export const builtinToolErrorCodes = {
  'calculator.invalid_expression': {
    kind: 'recoverable',
    meaning: 'The expression is empty or cannot be evaluated (a syntax error, an unknown name).',
  },
  'calculator.limit_exceeded': {
    kind: 'recoverable',
    meaning: 'The expression, or a value it computes, is over the calculator limits.',
  },
  'dice.invalid_formula': {
    kind: 'recoverable',
    meaning: 'The dice formula is empty or cannot be parsed.',
  },
  'dice.limit_exceeded': {
    kind: 'recoverable',
    meaning: 'The formula is over a dice limit (terms, dice per term, sides, dice kept, modifier).',
  },
  'chat.query_without_terms': {
    kind: 'recoverable',
    meaning: 'A chat search has only words the search ignores.',
    texts: ['tools/chat/texts/query-without-terms.txt'],
  },
  'chat.start_out_of_range': {
    kind: 'recoverable',
    meaning: 'A chat read starts at a message index the conversation does not have.',
    texts: ['tools/chat/texts/read-start-out-of-range.txt'],
  },
  'chat.offset_past_end': {
    kind: 'recoverable',
    meaning: 'A chat read starts at a line after the end of the rendered messages.',
    texts: ['tools/chat/texts/read-offset-past-end.txt'],
  },
  'memory.invalid': {
    kind: 'recoverable',
    meaning: 'A memory cannot be stored as given (empty text, too many or too long tags).',
  },
  'memory.not_found': {
    kind: 'recoverable',
    meaning: 'No memory with that id.',
  },
} as const satisfies ErrorCodeTable
