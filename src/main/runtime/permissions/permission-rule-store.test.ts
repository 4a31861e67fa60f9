import { mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PermissionRuleStore, workspaceKey, type NewRule } from './permission-rule-store'

const dir = () => mkdtempSync(join(tmpdir(), 'parley-rules-'))
const allow = (key: string, scope: NewRule['scope'] = 'project'): NewRule => ({
  decision: 'allow',
  scope,
  key,
  label: `\`${key}\``,
  tool: 'run_command',
  sessionTitle: 'Fix tests',
})

describe('the rules store', () => {
  it('keys a project by its real path: a symlinked checkout is the same project', () => {
    const root = dir()
    mkdirSync(join(root, 'real'))
    symlinkSync(join(root, 'real'), join(root, 'link'))
    const store = new PermissionRuleStore(join(root, 'data'), () => 1)
    store.add({ sessionId: 's1', workspace: workspaceKey(join(root, 'link')) }, [allow('run:ls')])
    const place = { sessionId: 's2', workspace: workspaceKey(join(root, 'real')) }
    expect(store.applicable(place).map((r) => r.key)).toEqual(['run:ls'])
    expect(store.list(join(root, 'link'))).toHaveLength(1)
  })

  it('adds a rule once, however often the same answer is given, and counts its uses', () => {
    const root = dir()
    const store = new PermissionRuleStore(join(root, 'data'), () => 5)
    const place = { sessionId: 's1', workspace: root }
    store.add(place, [allow('run:ls'), allow('run:ls')])
    store.add(place, [allow('run:ls')])
    const [rule] = store.list()
    expect(store.list()).toHaveLength(1)
    store.used([rule?.id ?? ''])
    store.used([rule?.id ?? ''])
    expect(new PermissionRuleStore(join(root, 'data'), () => 6).list()).toEqual([
      expect.objectContaining({ uses: 2, lastUsedAt: 5, createdAt: 5, sessionTitle: 'Fix tests' }),
    ])
  })

  it("a session's rules apply in that session only and go with it", () => {
    const root = dir()
    const store = new PermissionRuleStore(join(root, 'data'), () => 1)
    store.add({ sessionId: 's1', workspace: root }, [allow('run:ls', 'session')])
    expect(store.applicable({ sessionId: 's1', workspace: root })).toHaveLength(1)
    expect(store.applicable({ sessionId: 's2', workspace: root })).toEqual([])
    store.removeSession('s1')
    expect(store.list()).toEqual([])
  })

  it('writes the file for its owner only', () => {
    const root = dir()
    const store = new PermissionRuleStore(join(root, 'data'), () => 1)
    store.add({ sessionId: 's1', workspace: root }, [allow('run:ls', 'global')])
    expect(statSync(store.path).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toMatchObject({ version: 1 })
  })

  it('a file that is JSON but not rules is named by the field at fault, and nothing applies', () => {
    const root = dir()
    const store = new PermissionRuleStore(join(root, 'data'), () => 1)
    mkdirSync(join(root, 'data'))
    writeFileSync(
      store.path,
      JSON.stringify({ version: 1, rules: [{ id: 'x', decision: 'maybe' }] }),
    )
    expect(store.applicable({ sessionId: 's', workspace: root })).toEqual([])
    expect(store.problem).toMatch(/permission-rules\.json: rules\.0\./)
    expect(store.add({ sessionId: 's', workspace: root }, [allow('run:ls')])).toBe(false)
  })
})
