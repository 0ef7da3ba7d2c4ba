import { z } from 'zod'
import { defaultProfile } from '../../../profile/default-profile.js'
import { ApiError, defineRoute } from '../../route.js'
import { profileIdSchema } from '../tools/profile-selection.js'
import { checkProfileText } from './check-profile-text.js'
import { findProfileFileOf, listProfileFiles, profilesDir, readProfileText, saveProfileText } from './profile-files.js'

const formatSchema = z.enum(['json', 'yaml']).describe('How the text is written')
const textBody = z.strictObject({
  text: z
    .string()
    .max(512 * 1024)
    .describe('The whole profile file'),
  format: formatSchema,
})
const errorSchema = z.object({
  line: z.number().int().describe('1-based'),
  column: z.number().int().describe('1-based'),
  message: z.string(),
  path: z.string().optional().describe('The setting, e.g. tools.allow[2]'),
})
const idParam = z.object({ id: profileIdSchema })

/** The text of the built-in default profile, offered when no default is stored. */
const builtinDefaultText = `${JSON.stringify({ schemaVersion: defaultProfile.schemaVersion, id: 'default' }, null, 2)}\n`

/**
 * The stored profiles of `<dataDir>/profiles/`: list, read, validate a text with each problem at
 * its line, and save one (only when it is valid).
 * @example apiMount(ctx, access, sessions, [...profileRoutes])
 */
export const profileRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/profiles',
    tag: 'profiles',
    summary: 'The stored profiles (and the built-in default when none is stored), each checked',
    response: z.object({
      profiles: z.array(
        z.object({
          id: z.string(),
          path: z.string().describe('Its file, or where it would be saved for the built-in default'),
          valid: z.boolean(),
          builtin: z.boolean().describe('The built-in default profile, stored nowhere yet'),
          error: z.string().optional().describe('Why it cannot be used'),
        }),
      ),
    }),
    handle: async ({ ctx }) => {
      const files = await listProfileFiles(ctx.host.dataDir)
      const profiles = await Promise.all(
        files.map(async (file) => {
          const check = checkProfileText(await readProfileText(file), file.format, file.id)
          const [first] = check.errors
          return {
            id: file.id,
            path: file.path,
            valid: check.valid,
            builtin: false,
            ...(first !== undefined && {
              error: `line ${first.line}, column ${first.column}: ${first.message}${check.errors.length > 1 ? ` (and ${check.errors.length - 1} more)` : ''}`,
            }),
          }
        }),
      )
      if (!files.some((file) => file.id === 'default'))
        profiles.unshift({
          id: 'default',
          path: `${profilesDir(ctx.host.dataDir)}/default.json`,
          valid: true,
          builtin: true,
        })
      return { body: { profiles } }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/profiles/:id',
    tag: 'profiles',
    summary: "A profile's text as stored",
    params: idParam,
    response: z.object({
      id: z.string(),
      path: z.string(),
      format: formatSchema,
      text: z.string(),
      builtin: z.boolean(),
    }),
    handle: async ({ params, ctx }) => {
      const file = await findProfileFileOf(ctx.host.dataDir, params.id)
      if (file !== undefined)
        return {
          body: {
            id: file.id,
            path: file.path,
            format: file.format,
            text: await readProfileText(file),
            builtin: false,
          },
        }
      if (params.id === 'default')
        return {
          body: {
            id: 'default',
            path: `${profilesDir(ctx.host.dataDir)}/default.json`,
            format: 'json' as const,
            text: builtinDefaultText,
            builtin: true,
          },
        }
      throw new ApiError(
        404,
        `No profile "${params.id}" in ${profilesDir(ctx.host.dataDir)}; GET /api/profiles lists them, PUT /api/profiles/${params.id} creates it`,
      )
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/profiles/validate',
    tag: 'profiles',
    summary: 'Checks a profile text as the host would load it; each problem at its line and column',
    body: textBody,
    response: z.object({ valid: z.boolean(), errors: z.array(errorSchema) }),
    handle: async ({ body }) => {
      const check = checkProfileText(body.text, body.format)
      return { body: { valid: check.valid, errors: [...check.errors] } }
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/profiles/:id',
    tag: 'profiles',
    summary: 'Saves a profile as <dataDir>/profiles/<id>.<format>, atomically, only when it is valid (else 422)',
    params: idParam,
    body: textBody,
    response: z.object({ id: z.string(), path: z.string() }),
    handle: async ({ params, body, ctx }) => {
      const check = checkProfileText(body.text, body.format, params.id)
      if (!check.valid) {
        const [first] = check.errors
        throw new ApiError(
          422,
          `The profile is not valid, so it was not saved${first === undefined ? '' : `: line ${first.line}, column ${first.column}: ${first.message}`}`,
          check.errors,
        )
      }
      const path = await saveProfileText(ctx.host.dataDir, params.id, body.format, body.text)
      return { body: { id: params.id, path } }
    },
  }),
]
