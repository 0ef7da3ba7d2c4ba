import { z } from 'zod'
import type { Profile } from '../../../profile/profile-schema.js'
import { ProfileError, type ProfileOverrides } from '../../../profile/load-profile.js'
import type { ApiContext } from '../../api-context.js'
import { ApiError } from '../../route.js'

/** A stored profile's id: a file name in `<dataDir>/profiles/` without its extension, never a path. */
export const profileIdSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/,
    'must be 1-64 letters, digits, "_", "-" or ".", starting with a letter or digit',
  )
  // A name ending in .json or .yaml would be read as a file path by the host.
  .refine((id) => !/\.(json|ya?ml)$/i.test(id) && !id.includes('..'), 'must be an id, not a file name')
  .describe('A profile id: "default" or a profile stored in <dataDir>/profiles/')

/**
 * The profile a request names, or the daemon's own when it names none (what the daemon's chats
 * run with), as the host takes it.
 * @example await ctx.host.snapshot({ profile: profileRef(ctx, query.profile), scope: 'session', protocol: 'anthropic' })
 */
export function profileRef(ctx: ApiContext, id: string | undefined): string | Profile | ProfileOverrides | undefined {
  return id ?? ctx.daemon.profile
}

/**
 * Runs a host call that resolves a profile, turning profile errors into API errors: a missing
 * profile is 404, an invalid one 422 with its problems.
 * @example const { snapshot } = await withProfile(() => ctx.host.snapshot({ profile: 'reader', scope, protocol }))
 */
export async function withProfile<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (!(error instanceof ProfileError)) throw error
    const missing = error.problems.some((problem) => problem.startsWith('no profile'))
    if (missing) throw new ApiError(404, `${error.problems.join('; ')}; GET /api/profiles lists the profiles`)
    throw new ApiError(422, `The profile cannot be used: ${error.problems.join('; ')}`, error.problems)
  }
}
