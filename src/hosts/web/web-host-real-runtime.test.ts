import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type BridgeEvent } from '../../shared/bridge'
import { BRIDGE_METHODS } from '../../shared/bridge-methods'
import { exerciseEveryCall } from '../../main/desktop/testing/bridge-conformance'
import { createRuntime } from '../../main/runtime/create-runtime'
import { startWebHost } from './start-web-host'
import { connect } from './testing/web-test-client'

/** One step that asks both ways at once: a command (a permission prompt) and a question. */
const SCENARIO = {
  turns: [
    {
      steps: [
        {
          say: 'Checking two things.',
          call: [
            { tool: 'run_command', input: { command: 'echo conformance' } },
            {
              tool: 'AskUserQuestion',
              input: {
                questions: [
                  {
                    question: 'Which colour?',
                    options: [{ label: 'Red' }, { label: 'Blue' }],
                  },
                ],
              },
            },
          ],
        },
        { say: 'Done: {{lastToolResult}}' },
      ],
    },
  ],
}

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

describe('the web host on the real runtime', () => {
  it('answers every bridge call end to end with results of the call’s type, as it does on the host tests’ fake runtime', async () => {
    const root = await mkdtemp(join(tmpdir(), 'parley-conformance-'))
    cleanups.push(() => rm(root, { recursive: true, force: true }))
    const scenarioPath = join(root, 'scenario.json')
    await writeFile(scenarioPath, JSON.stringify(SCENARIO))
    const rendererDir = join(root, 'renderer')
    const runtime = await createRuntime({
      dataDir: join(root, 'data'),
      workspace: root,
      interactive: true,
      scenarioPath,
      env: { PARLEY_FAKE_DELAY_MS: '1' },
    })
    cleanups.push(() => runtime.close())
    const host = await startWebHost({ runtime, port: 0, rendererDir })
    cleanups.push(() => host.close())
    const client = await connect(host)
    cleanups.push(async () => client.close())

    const asked = new Set<string>()
    const bothAsked = new Promise<void>((resolve) => {
      const unsubscribe = runtime.onEvent((event: BridgeEvent) => {
        if (event.type !== 'interaction_added') return
        asked.add(event.interaction.kind)
        if (asked.has('permission') && asked.has('question')) {
          unsubscribe()
          resolve()
        }
      })
    })
    const seen = await exerciseEveryCall(
      (method, input) => client.call(method, input),
      () => bothAsked,
    )
    expect([...seen].sort()).toEqual([...BRIDGE_METHODS].sort())
  })
})
