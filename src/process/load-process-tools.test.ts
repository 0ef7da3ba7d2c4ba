import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { specDir, toolById } from './__fixtures__/process-fixtures.js'
import { loadProcessTools } from './load-process-tools.js'
import type { ProcessCatalogTool } from './process-catalog-tool.js'

const valid = `name: echo
description: Echo a text.
command: ./echo.sh
parameters:
  text:
    type: string
    required: true
    description: What to echo.
  times:
    type: integer
    default: 1
  mode:
    type: string
    enum: [loud, quiet]
risk: high
timeout: 5
env:
  pass: [ECHO_TOKEN]
  set:
    ECHO_BASE: https://echo.example
http:
  allow: ['\${ECHO_BASE}/v1/', 'https://other.example/api']
`

describe('loadProcessTools', () => {
  it('loads a single-tool file into a catalog tool', async () => {
    const dir = await specDir()
    await dir.script('echo.sh', 'cat')
    await dir.file('echo.yaml', valid)
    const { tools, diagnostics } = await loadProcessTools([dir.path])
    expect(diagnostics).toEqual([])
    const tool = toolById(tools, 'process/echo:echo') as ProcessCatalogTool
    expect(tool).toMatchObject({
      source: 'process',
      nativeName: 'echo',
      closedSchema: false,
      scopes: ['chat', 'session'],
    })
    expect(tool.describe({ alias: (id) => id, has: () => false, scope: 'chat', protocol: 'anthropic' })).toBe(
      'Echo a text.',
    )
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: {
        text: { type: 'string', description: 'What to echo.' },
        times: { type: 'integer', default: 1 },
        mode: { type: 'string', enum: ['loud', 'quiet'] },
      },
      required: ['text'],
      additionalProperties: false,
    })
    expect(tool.annotations).toEqual({ readOnly: false, destructive: true, openWorld: true })
    expect(tool.timeoutMs).toBe(4 * 5000 + 2000)
    expect(tool.resources).toBeUndefined()
    expect(tool.permissionSubject).toBeUndefined()
    expect(tool.spec).toMatchObject({
      pack: 'echo',
      command: ['./echo.sh'],
      directory: dir.path,
      timeoutMs: 5000,
      env: { pass: ['ECHO_TOKEN'], set: { ECHO_BASE: 'https://echo.example' } },
    })
    await expect(tool.checkPermissions?.({ text: 'x' }, undefined as never)).resolves.toEqual({
      behavior: 'ask',
      reason: 'This tool is marked high risk.',
    })
  })

  it('validates input with the JSON Schema and fills in defaults', async () => {
    const dir = await specDir()
    await dir.script('echo.sh', 'cat')
    await dir.file('echo.yaml', valid)
    const tool = toolById((await loadProcessTools([dir.path])).tools, 'process/echo:echo')
    await expect(tool.validate({ text: 'hi' })).resolves.toEqual({ ok: true, value: { text: 'hi', times: 1 } })
    const bad = await tool.validate({ text: 3, mode: 'shout', extra: true })
    expect(bad.ok).toBe(false)
    expect(bad.ok ? [] : bad.problems.map((p) => p.path)).toEqual(expect.arrayContaining(['text', 'mode', 'extra']))
  })

  it('loads a pack file with several tools and a low-risk default', async () => {
    const dir = await specDir()
    await dir.script('run.sh', 'cat')
    await dir.file(
      'anything.yml',
      `pack: kit
tools:
  - name: one
    description: First.
    command: [sh, run.sh, one]
    readOnly: true
  - name: two
    description: Second.
    command: sh run.sh two
    scopes: [chat]
`,
    )
    const { tools, diagnostics } = await loadProcessTools([dir.path])
    expect(diagnostics).toEqual([])
    expect(tools.map((t) => t.id)).toEqual(['process/kit:one', 'process/kit:two'])
    const [one, two] = tools as ProcessCatalogTool[]
    expect(one?.annotations).toEqual({ readOnly: true, destructive: false })
    expect(one?.timeoutMs).toBe(4 * 30_000 + 2000)
    expect(two?.spec.command).toEqual(['sh', 'run.sh', 'two'])
    expect(two?.scopes).toEqual(['chat'])
    await expect(one?.checkPermissions?.({}, undefined as never)).resolves.toEqual({ behavior: 'allow' })
  })

  it('reports invalid specs with file and line, and keeps the valid ones beside them', async () => {
    const dir = await specDir()
    await dir.script('echo.sh', 'cat')
    await dir.file('a-good.yaml', valid)
    await dir.file('b-syntax.yaml', 'name: broken\ndescription: "unclosed\ncommand: x\n')
    await dir.file(
      'c-fields.yaml',
      `name: fields
description: Bad fields.
command: ./missing.sh
parameters:
  n:
    type: float
risk: extreme
timeout: -1
descripton: typo
`,
    )
    await dir.file(
      'd-pack.yaml',
      `pack: mixed
tools:
  - name: fine
    description: Fine.
    command: [sh, echo.sh]
  - name: no description
    command: [sh, echo.sh]
  - name: fine
    description: Again.
    command: [sh, echo.sh]
`,
    )
    await dir.file('e-empty.yaml', '')
    await dir.file(
      'f-unknown.yaml',
      'name: &n unknown\ndescription: *n\ncommand: [sh]\nparameters:\n  p: { type: string, requird: true }\n',
    )
    await dir.file('not a spec.txt', 'ignored')
    const { tools, diagnostics } = await loadProcessTools([dir.path])
    expect(tools.map((t) => t.id)).toEqual(['process/a-good:echo', 'process/mixed:fine'])
    expect(diagnostics.every((d) => d.code === 'process.invalid_spec')).toBe(true)
    const messages = diagnostics.map((d) => d.message)
    const syntax = join(dir.path, 'b-syntax.yaml')
    expect(messages).toContainEqual(expect.stringMatching(new RegExp(`^${syntax}:4: Missing closing "quote`)))
    const fields = join(dir.path, 'c-fields.yaml')
    expect(messages).toEqual(
      expect.arrayContaining([
        `${fields}:3: command: the program ./missing.sh does not exist (looked for ${join(dir.path, 'missing.sh')})`,
        `${fields}:6: parameters.n.type must be one of string, number, integer, boolean, array, object (got "float")`,
        `${fields}:7: risk must be one of low, high (got "extreme")`,
        `${fields}:8: timeout (seconds) must be between 0.1 and 600 (got -1)`,
        `${fields}:9: the tool has an unknown key "descripton"; did you mean "description"?`,
      ]),
    )
    expect(diagnostics.filter((d) => d.file === fields).map((d) => d.toolId)).toEqual(
      Array(5).fill('process/c-fields:fields'),
    )
    const pack = join(dir.path, 'd-pack.yaml')
    expect(messages).toEqual(
      expect.arrayContaining([
        `${pack}:6: name "no description" may contain only letters, digits, "_", "-" and "." (at most 64)`,
        `${pack}:6: description is missing`,
        `${pack}:8: a tool named "fine" is already defined at line 3`,
      ]),
    )
    expect(diagnostics.find((d) => d.message.includes('description is missing'))).toMatchObject({
      toolId: 'process/mixed:no description',
      line: 6,
    })
    expect(messages).toContain(
      `${join(dir.path, 'e-empty.yaml')}:1: the file is empty; it should describe a tool or a pack of tools`,
    )
    expect(messages).toContain(
      `${join(dir.path, 'f-unknown.yaml')}:5: parameters.p has an unknown key "requird"; did you mean "required"?`,
    )
  })

  it('checks parameter details, env names and allow-list placeholders', async () => {
    const dir = await specDir()
    await dir.file(
      'p.yaml',
      `name: p
description: Parameters.
command: [sh, -c, 'true']
parameters:
  a: { type: string, enum: [x, 1] }
  b: { type: integer, default: 1.5 }
  c: { type: string, required: true, default: x }
  d: { type: string, items: string }
  e: { type: array, items: integer, default: [1, "2"] }
env:
  pass: [1BAD]
  set: { GOOD: 8080, nested: { no: 1 } }
http:
  allow: ['\${UNDECLARED}/x', 'ftp://files.example/']
`,
    )
    const { tools, diagnostics } = await loadProcessTools([dir.path])
    expect(tools).toEqual([])
    const file = join(dir.path, 'p.yaml')
    expect(diagnostics.map((d) => d.message)).toEqual(
      expect.arrayContaining([
        `${file}:5: parameters.a.enum value 1 is not of type string`,
        `${file}:6: parameters.b.default 1.5 is not of type integer`,
        `${file}:7: parameters.c is required, so it cannot have a default`,
        `${file}:8: parameters.d.items is only for parameters of type array`,
        `${file}:9: parameters.e.default [1,"2"] is not of type array`,
        `${file}:11: env.pass[0] "1BAD" is not an environment variable name (letters, digits and "_", not starting with a digit)`,
        `${file}:12: env.set.nested must be a text, number or boolean`,
        `${file}:14: http.allow[0] uses \${UNDECLARED}, which env does not declare (in pass or set)`,
        `${file}:14: http.allow[1] "ftp://files.example/" must be an http:// or https:// URL prefix`,
      ]),
    )
  })

  it('skips missing directories and keeps the first of two tools with one id', async () => {
    const first = await specDir()
    const second = await specDir()
    const spec = 'name: same\ndescription: Same.\ncommand: [sh, -c, "true"]\n'
    await first.file('pack.yaml', spec)
    await second.file('pack.yaml', spec)
    const { tools, diagnostics } = await loadProcessTools([join(first.path, 'missing'), first.path, second.path])
    expect(tools.map((t) => (t as ProcessCatalogTool).spec.file)).toEqual([join(first.path, 'pack.yaml')])
    expect(diagnostics).toEqual([
      {
        toolId: 'process/pack:same',
        code: 'process.duplicate_tool',
        message: `${join(second.path, 'pack.yaml')}:1: process/pack:same is already defined at ${join(first.path, 'pack.yaml')}:1; this one is left out`,
        file: join(second.path, 'pack.yaml'),
        line: 1,
      },
    ])
  })

  it('refuses a file name that cannot be a pack id unless pack: is given', async () => {
    const dir = await specDir()
    await dir.file('my tools.yaml', 'name: t\ndescription: T.\ncommand: [sh]\n')
    await dir.file('my other tools.yaml', 'pack: other\nname: t\ndescription: T.\ncommand: [sh]\n')
    const { tools, diagnostics } = await loadProcessTools([dir.path])
    expect(tools.map((t) => t.id)).toEqual(['process/other:t'])
    expect(diagnostics.map((d) => d.message)).toEqual([
      `${join(dir.path, 'my tools.yaml')}:1: the file name "my tools" (the pack id unless "pack:" is given) may contain only letters, digits, "_", "-" and "." (at most 64)`,
    ])
  })
})
