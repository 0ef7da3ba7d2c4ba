import { describe, expect, it } from 'vitest'
import { stem } from './stem.js'
import { defaultSynonyms, parseSynonyms } from './synonyms.js'
import { terms, words } from './tokenize.js'

describe('words', () => {
  it.each([
    ['mcp__github__create_issue', ['mcp', 'github', 'create', 'issue']],
    ['workspace.read_file', ['workspace', 'read', 'file']],
    ['createPullRequest', ['create', 'pull', 'request']],
    ['HTTPRequest v2Api', ['http', 'request', 'v2', 'api']],
    ['list PDFs by IDs', ['list', 'pdfs', 'by', 'ids']],
    ["the user's to-do list", ['the', 'user', 'to', 'do', 'todo', 'list']],
    ['Größe ändern (éditer)', ['größe', 'ändern', 'éditer']],
    ['', []],
  ])('splits %j', (text, expected) => {
    expect(words(text)).toEqual(expected)
  })
})

describe('stem', () => {
  it.each([
    ['issues', 'issu'],
    ['issue', 'issu'],
    ['repositories', 'repository'],
    ['searches', 'search'],
    ['boxes', 'box'],
    ['creating', 'creat'],
    ['created', 'creat'],
    ['creates', 'creat'],
    ['creation', 'creat'],
    ['stopped', 'stop'],
    ['called', 'call'],
    ['deployment', 'deploy'],
    ['quickly', 'quick'],
    ['status', 'status'],
    ['analysis', 'analysis'],
    ['news', 'news'],
    ['class', 'class'],
    ['free', 'free'],
    ['red', 'red'],
    ['ring', 'ring'],
    ['pdf', 'pdf'],
    ['v2', 'v2'],
  ])('%s → %s', (word, expected) => {
    expect(stem(word)).toBe(expected)
  })

  it('meets words that differ only by inflection', () => {
    const forms = ['update', 'updates', 'updated', 'updating']
    expect(new Set(forms.map(stem)).size).toBe(1)
  })
})

describe('terms', () => {
  it('drops stop words and stems', () => {
    expect(terms('Creates new issues in a repository')).toEqual(['creat', 'new', 'issu', 'repository'])
  })
})

describe('synonyms', () => {
  it('parses groups into stems, ignoring comments and blank lines', () => {
    const table = parseSynonyms('# tool verbs\nget fetch retrieve\n\ndelete remove # trailing\nremove erase')
    expect(table.get('fetch')).toEqual(['get', 'retriev'])
    expect(table.get('remov')).toEqual(['delet', 'eras'])
    expect(table.has('#')).toBe(false)
  })

  it('ships the common tool vocabulary', () => {
    const synonymsOf = (word: string) => defaultSynonyms.get(stem(word)) ?? []
    expect(synonymsOf('fetch')).toEqual(expect.arrayContaining(['get', stem('retrieve'), 'read']))
    expect(synonymsOf('make')).toEqual(expect.arrayContaining([stem('create'), 'add', 'new']))
    expect(synonymsOf('erase')).toEqual(expect.arrayContaining([stem('delete'), stem('remove')]))
    expect(synonymsOf('lookup')).toEqual(expect.arrayContaining(['find', 'search', 'query']))
    expect(synonymsOf('enumerate')).toContain('list')
    expect(synonymsOf('modify')).toEqual(expect.arrayContaining([stem('update'), 'edit', stem('change')]))
    expect(synonymsOf('notify')).toEqual(expect.arrayContaining(['send', 'post']))
    expect(synonymsOf('forecast')).toContain('weather')
    expect(synonymsOf('document')).toContain(stem('file'))
  })
})
