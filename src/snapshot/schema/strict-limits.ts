/** Limits of strict schemas (OpenAI Structured Outputs, "Objects have limitations on nesting depth and size"). */
export const strictLimits = { maxObjectDepth: 10, maxProperties: 5000, maxEnumValues: 1000 } as const
