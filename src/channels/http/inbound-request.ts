import { z } from 'zod'

/** A conversation id of the HTTP channel: 1–128 characters of `A-Z a-z 0-9 . _ : -`. */
export const conversationIdPattern = /^[A-Za-z0-9._:-]{1,128}$/

/** Most bytes of a `POST /messages` body. */
export const maxMessageBodyBytes = 64 * 1024

/** The body of `POST /messages`. */
export const postMessageSchema = z.strictObject({
  conversation: z
    .string()
    .regex(conversationIdPattern, 'must be 1-128 characters of letters, digits, ".", "_", ":" or "-"'),
  text: z.string().min(1, 'must not be empty').max(32_000, 'must be at most 32000 characters'),
  callback: z.string().max(2048, 'must be at most 2048 characters').optional(),
  id: z.string().min(1, 'must not be empty').max(128, 'must be at most 128 characters').optional(),
})

/** A parsed `POST /messages` body. */
export type PostMessageBody = z.infer<typeof postMessageSchema>

/** One line naming each problem of a body that failed {@link postMessageSchema}. */
export function describeBodyIssues(error: z.ZodError): string {
  const problems = error.issues.map((issue) => {
    const field = issue.path.length === 0 ? 'the body' : `"${issue.path.join('.')}"`
    if (issue.code === 'unrecognized_keys') return `unknown fields ${issue.keys.map((k) => `"${k}"`).join(', ')}`
    if (issue.code === 'invalid_type') {
      const received = /received (\w+)$/.exec(issue.message)?.[1]
      if (received === 'undefined') return `${field} is missing`
      return `${field} must be ${issue.expected === 'object' ? 'an object' : `a ${issue.expected}`}${received === undefined ? '' : `, not ${received === 'array' ? 'an array' : `a ${received}`}`}`
    }
    return `${field} ${issue.message}`
  })
  return `Invalid message: ${problems.join('; ')}. Send {"conversation": "<id>", "text": "<text>"} with optional "callback" (an https:// URL) and "id" (your id of the message, to make retries safe).`
}
