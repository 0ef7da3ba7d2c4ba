/**
 * Tool choice for a turn: `none` (no calls), `auto` (any), `required` (at least one call), or one
 * specific tool by alias. A violation is the model breaking the contract: fatal.
 */
export type ToolChoice = 'none' | 'auto' | 'required' | { readonly type: 'tool'; readonly alias: string }

/** Why a turn's calls violate the tool choice, or `undefined`. */
export function toolChoiceViolation(choice: ToolChoice, aliases: readonly string[]): string | undefined {
  if (choice === 'auto') return undefined
  if (choice === 'none')
    return aliases.length > 0 ? `tool choice is "none" but the model called ${aliases.join(', ')}` : undefined
  if (choice === 'required')
    return aliases.length === 0 ? 'tool choice is "required" but the model called no tool' : undefined
  if (aliases.length === 0) return `tool choice is "${choice.alias}" but the model called no tool`
  const other = aliases.find((alias) => alias !== choice.alias)
  return other === undefined ? undefined : `tool choice is "${choice.alias}" but the model called ${other}`
}
