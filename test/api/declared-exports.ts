import { readFileSync } from 'node:fs'
import ts from 'typescript'

/** The names a module declares as exports, split into values (present at run time) and type-only names. */
export interface DeclaredExports {
  readonly values: string[]
  readonly types: string[]
}

const isExported = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)

/**
 * Reads the export statements of a TypeScript source or declaration file (`.ts`, `.d.ts`), sorted.
 * Entry points name every export, so `export *` is refused rather than followed.
 */
export function declaredExports(file: string): DeclaredExports {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  const values: string[] = []
  const types: string[] = []
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause
      if (clause === undefined || !ts.isNamedExports(clause))
        throw new Error(`${file}: export * hides what the entry point exports; name each export`)
      for (const element of clause.elements)
        (statement.isTypeOnly || element.isTypeOnly ? types : values).push(element.name.text)
    } else if (isExported(statement)) {
      if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) types.push(statement.name.text)
      else if (ts.isVariableStatement(statement))
        for (const declaration of statement.declarationList.declarations) values.push(declaration.name.getText(source))
      else if (
        (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) &&
        statement.name !== undefined
      )
        values.push(statement.name.text)
      else throw new Error(`${file}: unexpected export ${ts.SyntaxKind[statement.kind]}`)
    }
  }
  return { values: values.sort(), types: types.sort() }
}
