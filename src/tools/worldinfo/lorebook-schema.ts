import { z } from 'zod'

/** An entry of our lorebook file format. */
export const lorebookEntrySchema = z.strictObject({
  id: z.union([z.string().min(1), z.number()]).optional(),
  title: z.string().optional(),
  keys: z.array(z.string()).optional(),
  secondaryKeys: z.array(z.string()).optional(),
  content: z.string(),
  constant: z.boolean().optional(),
  caseSensitive: z.boolean().optional(),
  priority: z.number().optional(),
  scanDepth: z.number().int().min(0).optional(),
  enabled: z.boolean().optional(),
})

/** Our lorebook file format (JSON or YAML). */
export const lorebookFileSchema = z.strictObject({
  name: z.string().optional(),
  description: z.string().optional(),
  scanDepth: z.number().int().min(0).optional(),
  entries: z.array(lorebookEntrySchema),
})

/**
 * An entry of a SillyTavern world-info file (`entries` is an object keyed by uid). Only the fields
 * toolhost maps are checked; the many others (position, depth, probability, groups…) are ignored.
 */
export const sillyTavernEntrySchema = z.looseObject({
  uid: z.union([z.number(), z.string()]).nullish(),
  key: z.array(z.string()).nullish(),
  keysecondary: z.array(z.string()).nullish(),
  content: z.string().nullish(),
  comment: z.string().nullish(),
  constant: z.boolean().nullish(),
  selective: z.boolean().nullish(),
  selectiveLogic: z.number().nullish(),
  disable: z.boolean().nullish(),
  order: z.number().nullish(),
  caseSensitive: z.boolean().nullish(),
  matchWholeWords: z.boolean().nullish(),
  scanDepth: z.number().int().min(0).nullish(),
})

/** A SillyTavern world-info file. */
export const sillyTavernFileSchema = z.looseObject({
  entries: z.record(z.string(), sillyTavernEntrySchema),
})

export type LorebookFile = z.infer<typeof lorebookFileSchema>
export type SillyTavernFile = z.infer<typeof sillyTavernFileSchema>
