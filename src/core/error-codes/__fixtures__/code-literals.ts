import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

/**
 * Where a code-shaped literal stands: `result` (a `ToolError`'s code or an error result's),
 * `fatal` (the code of another error class, such as `FatalToolHostError` or `StoreError`), `code` (a `code:`/`errorCode:`
 * property or a comparison with `.code`), `tool` (a tool's name), `other` (anything else).
 */
export type LiteralPlace = 'result' | 'fatal' | 'code' | 'tool' | 'other'

/** A string literal shaped like a code (`namespace.name`, not a file name) in a source file. */
export interface CodeLiteral {
  readonly text: string
  readonly place: LiteralPlace
  /** `path:line`, the path relative to the scanned folder. */
  readonly at: string
}

const codeShape = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/
const fileName = /\.(md|txt|json|ya?ml|[cm]?[jt]s|db|sqlite)$/

/** The TypeScript files under `dir`, without tests, type tests and test fixtures. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(path) && !path.includes('__fixtures__'))
    .map((path) => join(dir, path))
}

/** Every code-shaped string literal of `files` (comments are not code), with its place. */
export function codeLiterals(files: readonly string[], root: string): CodeLiteral[] {
  const found: CodeLiteral[] = []
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
    const visit = (node: ts.Node): void => {
      if (
        (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
        codeShape.test(node.text) &&
        !fileName.test(node.text)
      ) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
        found.push({ text: node.text, place: placeOf(node), at: `${relative(root, file)}:${line}` })
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found
}

/** The model-facing text files (`.md`, `.txt`) under `dir`. */
export function textFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(md|txt)$/.test(path) && !path.includes('__fixtures__'))
    .map((path) => join(dir, path))
}

/** Every code-shaped word of text files, in place `other`: a code a text names must be registered too. */
export function textMentions(files: readonly string[], root: string): CodeLiteral[] {
  const word = /(?<![\w.])[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*(?![\w.])/g
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        [...line.matchAll(word)]
          .filter(([text]) => !fileName.test(text))
          .map(([text]) => ({ text, place: 'other' as const, at: `${relative(root, file)}:${index + 1}` })),
      ),
  )
}

function placeOf(literal: ts.Node): LiteralPlace {
  // A literal in a conditional (`a ? 'x.y' : 'x.z'`) stands where the conditional stands.
  let node = literal
  while (ts.isConditionalExpression(node.parent) || ts.isParenthesizedExpression(node.parent)) node = node.parent
  const parent = node.parent
  if (ts.isNewExpression(parent) && parent.arguments?.[0] === node) {
    const name = parent.expression.getText()
    if (name === 'ToolError') return 'result'
    if (name.endsWith('Error')) return 'fatal'
  }
  if (ts.isCallExpression(parent)) {
    const name = parent.expression.getText()
    if (name === 'errorResult' && parent.arguments[2] === node) return 'result'
    if (name === 'processError' && parent.arguments[0] === node) return 'result'
    if (name === 'builtinAlias') return 'tool'
  }
  if (ts.isPropertyAssignment(parent) && parent.initializer === node) {
    const key = parent.name.getText()
    if (key === 'code' || key === 'errorCode') return 'code'
    if (key === 'name') return 'tool'
  }
  if (ts.isBinaryExpression(parent) && isEquality(parent.operatorToken.kind)) {
    const other = parent.left === node ? parent.right : parent.left
    if (ts.isPropertyAccessExpression(other) && ['code', 'errorCode'].includes(other.name.text)) return 'code'
  }
  return 'other'
}

function isEquality(kind: ts.SyntaxKind): boolean {
  return kind === ts.SyntaxKind.EqualsEqualsEqualsToken || kind === ts.SyntaxKind.ExclamationEqualsEqualsToken
}
