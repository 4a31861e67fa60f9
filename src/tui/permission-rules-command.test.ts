import { describe, expect, it } from 'vitest'
import type { PermissionRule } from '../shared/permission-rules'
import { permissionsCommand, type RulesBridge } from './permission-rules-command'

const NOW = 1_800_000_000_000
const rule = (patch: Partial<PermissionRule> & Pick<PermissionRule, 'id'>): PermissionRule => ({
  decision: 'allow',
  scope: 'project',
  workspace: '/home/me/app',
  label: '`npm test` with any files in the workspace',
  createdAt: NOW - 5 * 60_000,
  uses: 2,
  tool: 'run_command',
  sessionTitle: 'Fix tests',
  ...patch,
})

function fakeRules(initial: PermissionRule[]) {
  let rules = initial
  const removed: string[] = []
  const bridge: RulesBridge = {
    listPermissionRules: async () => ({ ok: true, rules }),
    removePermissionRule: async ({ ruleId }) => {
      if (!rules.some((r) => r.id === ruleId)) return { ok: false, reason: 'not_found' }
      rules = rules.filter((r) => r.id !== ruleId)
      removed.push(ruleId)
      return { ok: true }
    },
  }
  const shown: string[] = []
  const screen = {
    hint: (text: string) => shown.push(`hint: ${text}`),
    note: (text: string) => shown.push(text),
  }
  return { bridge, removed, shown, screen }
}

describe('/permissions in the terminal', () => {
  it('lists every rule, numbered, all projects first, with where, whence and uses', async () => {
    const { bridge, shown, screen } = fakeRules([
      rule({ id: 'r1' }),
      rule({ id: 'r2', decision: 'deny', scope: 'global', label: '`git push`', uses: 0 }),
    ])
    await permissionsCommand(bridge, '', screen, () => NOW)
    expect(shown[0]?.split('\n')).toEqual([
      'Permission rules (/permissions remove N forgets one):',
      '  1. Always deny `git push`',
      '     All projects · from a run_command prompt in “Fix tests”, 5 min ago · never used',
      '  2. Always allow `npm test` with any files in the workspace',
      '     Project /home/me/app · from a run_command prompt in “Fix tests”, 5 min ago · used 2 times',
      'ACP agents keep their own “Always allow” choices: those rules live in the agent and are not listed here.',
    ])
  })

  it('/permissions remove N forgets the Nth rule of the list and says which', async () => {
    const { bridge, removed, shown, screen } = fakeRules([
      rule({ id: 'r1' }),
      rule({ id: 'r2', decision: 'deny', scope: 'global', label: '`git push`' }),
    ])
    await permissionsCommand(bridge, 'remove 2', screen, () => NOW)
    expect(removed).toEqual(['r1'])
    expect(shown).toEqual([
      'hint: Removed “Always allow `npm test` with any files in the workspace”. Parley asks again.',
    ])
    await permissionsCommand(bridge, 'remove 7', screen, () => NOW)
    expect(shown.at(-1)).toBe('hint: No rule 7: /permissions lists them.')
  })
})
