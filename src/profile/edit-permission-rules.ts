import { isMap, isScalar, isSeq, parseDocument } from 'yaml'

/** The permission lists a rule can be in. */
export const permissionRuleLists = ['allow', 'ask', 'deny'] as const

/** One of {@link permissionRuleLists}. */
export type PermissionRuleList = (typeof permissionRuleLists)[number]

/** What to do with a rule: add it to one list, take it out of others. */
export interface PermissionRuleEdit {
  readonly rule: string
  /** The list the rule should be in afterwards; none when only removing. */
  readonly addTo?: PermissionRuleList
  /** Lists the rule is taken out of (every copy of it). */
  readonly removeFrom: readonly PermissionRuleList[]
}

/** A profile text after a rule edit, and what changed. */
export interface PermissionRuleEditResult {
  readonly text: string
  /** True when the rule was added to `addTo` (false when it was there already). */
  readonly added: boolean
  /** The lists the rule was taken out of. */
  readonly removedFrom: readonly PermissionRuleList[]
}

/**
 * Adds a permission rule to a profile text and/or removes it from lists, changing nothing else:
 * YAML keeps its comments, order and style (the `yaml` Document API); JSON is written again with
 * the indentation it had. The text must parse; the result is not validated here.
 * @throws Error when the text is not valid YAML or JSON of an object
 * @example editPermissionRules('schemaVersion: 2\nid: a\n', 'yaml', { rule: 'builtin:dice.roll', addTo: 'allow', removeFrom: ['ask', 'deny'] }).text
 * // 'schemaVersion: 2\nid: a\npermissions:\n  allow:\n    - builtin:dice.roll\n'
 */
export function editPermissionRules(
  text: string,
  format: 'json' | 'yaml',
  edit: PermissionRuleEdit,
): PermissionRuleEditResult {
  return format === 'yaml' ? editYaml(text, edit) : editJson(text, edit)
}

function editYaml(text: string, { rule, addTo, removeFrom }: PermissionRuleEdit): PermissionRuleEditResult {
  const doc = parseDocument(text)
  if (doc.errors.length > 0) throw new Error(`not valid YAML: ${doc.errors[0]?.message.split('\n')[0] ?? ''}`)
  if (!isMap(doc.contents)) throw new Error('the profile is not a mapping of settings')
  const removedFrom: PermissionRuleList[] = []
  for (const list of removeFrom) {
    const seq = doc.getIn(['permissions', list], true)
    if (!isSeq(seq)) continue
    let removed = false
    for (let index = seq.items.length - 1; index >= 0; index--) {
      const item = seq.items[index]
      if (isScalar(item) && item.value === rule) {
        seq.delete(index)
        removed = true
      }
    }
    if (removed) removedFrom.push(list)
  }
  let added = false
  if (addTo !== undefined) {
    const seq = doc.getIn(['permissions', addTo], true)
    if (isSeq(seq)) {
      if (!seq.items.some((item) => isScalar(item) && item.value === rule)) {
        seq.add(doc.createNode(rule))
        added = true
      }
    } else if (isMap(doc.get('permissions', true))) {
      doc.setIn(['permissions', addTo], doc.createNode([rule]))
      added = true
    } else {
      doc.set('permissions', doc.createNode({ [addTo]: [rule] }))
      added = true
    }
  }
  // `[a, b]` as people and formatters write flow lists, not the library's default `[ a, b ]`.
  const changed = added || removedFrom.length > 0
  return { text: changed ? doc.toString({ flowCollectionPadding: false }) : text, added, removedFrom }
}

function editJson(text: string, { rule, addTo, removeFrom }: PermissionRuleEdit): PermissionRuleEditResult {
  const raw = JSON.parse(text) as unknown
  if (!isObject(raw)) throw new Error('the profile is not a JSON object')
  const permissions = isObject(raw.permissions) ? { ...raw.permissions } : {}
  const removedFrom: PermissionRuleList[] = []
  for (const list of removeFrom) {
    const entries = permissions[list]
    if (!Array.isArray(entries) || !entries.includes(rule)) continue
    permissions[list] = entries.filter((entry) => entry !== rule)
    removedFrom.push(list)
  }
  let added = false
  if (addTo !== undefined) {
    const entries = Array.isArray(permissions[addTo]) ? (permissions[addTo] as unknown[]) : []
    if (!entries.includes(rule)) {
      permissions[addTo] = [...entries, rule]
      added = true
    }
  }
  if (!added && removedFrom.length === 0) return { text, added, removedFrom }
  const indent = /^\{\s*\n([ \t]+)"/.exec(text)?.[1] ?? '  '
  return { text: `${JSON.stringify({ ...raw, permissions }, null, indent)}\n`, added, removedFrom }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
