// Makes `parley` the client of one MCP conformance scenario. The suite runs
// `node scripts/conformance/parley-client.mjs SERVER_URL` with MCP_CONFORMANCE_SCENARIO (and, for
// some scenarios, MCP_CONFORMANCE_CONTEXT) set. This writes an MCP configuration naming that URL
// (with the scenario's pre-registered client in its "oauth" entry), a scripted-model scenario
// that calls the scenario's tool, points $BROWSER at follow-authorization.mjs, and runs one
// headless `parley run` turn in bypass mode (or, where a person must answer, one turn in the web
// UI: see answer-in-tray.mjs).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import process from 'node:process'
import { answerInTray } from './answer-in-tray.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '../..')
const serverUrl = process.argv.at(-1)
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? ''
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}')

/** Scenarios answered by a person in the tray (through `parley serve` and Chromium). */
const NEEDS_A_PERSON = new Set(['elicitation-sep1034-client-defaults'])

/** The Client ID Metadata Document URL `auth/basic-cimd` expects. */
const CIMD_URL = 'https://conformance-test.local/client-metadata.json'

/** The tool (and its input) each scenario wants called; none: connecting is the test. */
function toolCall() {
  if (scenario === 'tools_call') return { tool: 'add_numbers', input: { a: 5, b: 3 } }
  if (scenario === 'sse-retry') return { tool: 'test_reconnection', input: {} }
  if (scenario === 'elicitation-sep1034-client-defaults')
    return { tool: 'test_client_elicitation_defaults', input: {} }
  if (scenario.startsWith('auth/')) return { tool: 'test-tool', input: {} }
  return undefined
}

function oauthEntry() {
  if (scenario === 'auth/basic-cimd') return { clientId: CIMD_URL }
  if (typeof context.client_id === 'string')
    return {
      clientId: context.client_id,
      ...(typeof context.client_secret === 'string' ? { clientSecret: context.client_secret } : {}),
    }
  return undefined
}

const work = mkdtempSync(join(tmpdir(), 'parley-conformance-'))
try {
  const oauth = oauthEntry()
  writeFileSync(
    join(work, 'mcp.json'),
    JSON.stringify({
      mcpServers: { conformance: { type: 'http', url: serverUrl, ...(oauth ? { oauth } : {}) } },
    }),
  )
  const call = toolCall()
  writeFileSync(
    join(work, 'scenario.json'),
    JSON.stringify({
      turns: [
        {
          steps: [
            call
              ? {
                  say: 'Calling.',
                  call: [{ tool: `mcp__conformance__${call.tool}`, input: call.input }],
                }
              : { say: 'Connected.' },
            ...(call ? [{ say: 'Result: {{lastToolResult}}' }] : []),
          ],
        },
      ],
    }),
  )
  const common = [
    '--data-dir',
    join(work, 'data'),
    '--workspace',
    work,
    '--mcp-config',
    join(work, 'mcp.json'),
    '--scenario',
    join(work, 'scenario.json'),
  ]
  const env = {
    ...process.env,
    BROWSER: `${JSON.stringify(process.execPath)} ${JSON.stringify(join(here, 'follow-authorization.mjs'))}`,
  }
  if (NEEDS_A_PERSON.has(scenario)) await answerInTray({ root, args: common, env })
  else {
    const result = spawnSync(
      process.execPath,
      [
        join(root, 'out/cli/parley.js'),
        'run',
        ...common,
        '--mode',
        'bypass',
        'run the conformance scenario',
      ],
      { stdio: 'inherit', env },
    )
    process.exitCode = result.status ?? 1
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
