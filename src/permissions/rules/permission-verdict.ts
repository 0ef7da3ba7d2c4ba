/** The rules' decision on a call. */
export interface PermissionVerdict {
  readonly behavior: 'allow' | 'ask' | 'deny'
  /** One plain sentence for a person or the model, e.g. `Denied by rule builtin:workspace.shell(rm *).` */
  readonly reason: string
  /** The rule that decided, when a rule did. */
  readonly rule?: string
  readonly decidedBy: 'rule' | 'mode' | 'dangerous' | 'unparseable'
  /** Every step considered, in order, in plain words (for `toolhost permissions explain`). */
  readonly trace: readonly string[]
}
