import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import {
  isTurnEnd,
  makeRig,
  newSession,
  readLogRecords,
  startRuntime,
  waitForEvent,
  type TestRuntime,
} from '../testing/runtime-test-kit'
import type { FakeAgentScript } from './testing/fake-acp-agent'
import { FAKE_AGENT_PATH } from './testing/runner-harness'

const open: TestRuntime[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()))
})

/** The smallest PNG there is: one transparent pixel. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

/** Sends a message with a file and an image to the fake agent; what its prompt held. */
async function promptOf(capabilities: FakeAgentScript['promptCapabilities']) {
  const rig = makeRig({ turns: [{ steps: [{ say: 'unused' }] }] })
  const script: FakeAgentScript = {
    ...(capabilities ? { promptCapabilities: capabilities } : {}),
    turns: [{ steps: [{ say: '{{promptBlocks}}' }] }],
  }
  const scriptPath = join(rig.dir, 'agent.json')
  writeFileSync(scriptPath, JSON.stringify(script))
  writeFileSync(join(rig.workspace, 'plan.md'), 'the plan')
  const runtime = await startRuntime(rig, {
    acp: `${process.execPath} --no-warnings ${FAKE_AGENT_PATH} ${scriptPath}`,
  })
  open.push(runtime)
  const sessionId = await newSession(runtime)
  const sent = await runtime.send({
    sessionId,
    text: 'look',
    attachments: [
      { kind: 'file', path: 'plan.md' },
      { kind: 'image', name: 'dot.png', mediaType: 'image/png', data: PNG },
    ],
  })
  expect(sent.ok).toBe(true)
  await waitForEvent(runtime, isTurnEnd)
  const reply = readLogRecords(rig, sessionId).findLast((e) => e.type === 'assistant_text')
  const uri = pathToFileURL(join(rig.workspace, 'plan.md')).href
  return { blocks: JSON.parse(reply?.type === 'assistant_text' ? reply.text : '[]'), uri }
}

describe('attachments sent to an ACP agent', () => {
  it('are a resource_link and a line about the image for an agent that advertises neither', async () => {
    const { blocks, uri } = await promptOf(undefined)
    expect(blocks).toEqual([
      { type: 'text', text: 'look' },
      { type: 'resource_link', uri, name: 'plan.md' },
      { type: 'text', text: expect.stringContaining('it was not sent') },
    ])
  })

  it('are an embedded resource and image content where promptCapabilities allow them', async () => {
    const { blocks, uri } = await promptOf({ embeddedContext: true, image: true })
    expect(blocks).toEqual([
      { type: 'text', text: 'look' },
      { type: 'resource', resource: { uri, text: 'the plan', mimeType: 'text/plain' } },
      { type: 'image', mimeType: 'image/png', data: PNG.length },
    ])
  })
})
