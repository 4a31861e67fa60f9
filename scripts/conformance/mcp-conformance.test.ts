import { execFile } from 'node:child_process'
import { join, resolve } from 'node:path'
import { promisify, stripVTControlCharacters } from 'node:util'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
/** The suite needs Node 22 or later: the pinned Node runs it, whatever the machine's own is. */
const node = join(root, 'node_modules/.bin/node')
const suite = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js')
const client = `${node} ${join(root, 'scripts/conformance/parley-client.mjs')}`

/**
 * The MCP conformance suite's client scenarios Parley passes: the basics, SSE reconnection,
 * elicitation defaults answered in the tray, and every authorization scenario of the 2025-11-25
 * specification and of its 2025-03-26 fallbacks.
 */
const SCENARIOS = [
  'initialize',
  'tools_call',
  'sse-retry',
  'elicitation-sep1034-client-defaults',
  'auth/metadata-default',
  'auth/metadata-var1',
  'auth/metadata-var2',
  'auth/metadata-var3',
  'auth/basic-cimd',
  'auth/scope-from-www-authenticate',
  'auth/scope-from-scopes-supported',
  'auth/scope-omitted-when-undefined',
  'auth/scope-step-up',
  'auth/scope-retry-limit',
  'auth/token-endpoint-auth-basic',
  'auth/token-endpoint-auth-post',
  'auth/token-endpoint-auth-none',
  'auth/pre-registration',
  'auth/2025-03-26-oauth-metadata-backcompat',
  'auth/2025-03-26-oauth-endpoint-fallback',
]

/**
 * The suite fails a run on any warning. One warning is the machine's, not the client's: a
 * reconnection "slightly late" than the server's `retry` (the suite itself calls it acceptable),
 * which a loaded CI machine produces. Every check must still pass; any other warning fails.
 */
function onlyLateUnderLoad(output: string): boolean {
  const plain = stripVTControlCharacters(output)
  if (!/Passed: (\d+)\/\1, 0 failed/.test(plain)) return false
  const warnings = [...plain.matchAll(/^\s+Warning: (.*)$/gm)].map((m) => m[1] ?? '')
  return (
    warnings.length > 0 && warnings.every((w) => w.startsWith('Client reconnected slightly late'))
  )
}

async function runScenario(scenario: string): Promise<{ passed: boolean; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      node,
      [suite, 'client', '--command', client, '--scenario', scenario, '--timeout', '30000'],
      { cwd: root, maxBuffer: 16 * 1024 * 1024 },
    )
    const output = `${stdout}${stderr}`
    return { passed: /OVERALL: PASSED/.test(output) || onlyLateUnderLoad(output), output }
  } catch (caught) {
    const failed = caught as { stdout?: string; stderr?: string }
    return { passed: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}

describe('the MCP conformance suite, with parley as the client', () => {
  // Side by side: each scenario mostly waits (on parley starting, the suite's timers).
  it.concurrent.each(SCENARIOS)('%s passes', { timeout: 45_000 }, async (scenario) => {
    const { passed, output } = await runScenario(scenario)
    // On failure the suite's own check list says which requirement was missed.
    expect(passed, stripVTControlCharacters(output)).toBe(true)
  })
})
