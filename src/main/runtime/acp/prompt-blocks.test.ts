import { describe, expect, it } from 'vitest'
import { promptBlocks } from './prompt-blocks'

const file = { kind: 'file' as const, path: 'src/a.ts', text: 'export {}', cut: false }
const image = {
  kind: 'image' as const,
  name: 'shot.png',
  mediaType: 'image/png' as const,
  bytes: Buffer.from([1, 2, 3]),
}

describe('an ACP prompt', () => {
  it('links a mentioned file for an agent that takes no embedded context, and says an image was left out', () => {
    const blocks = promptBlocks('look', [file, image], { workspace: '/w', capabilities: {} })
    expect(blocks).toEqual([
      { type: 'text', text: 'look' },
      { type: 'resource_link', uri: 'file:///w/src/a.ts', name: 'a.ts' },
      {
        type: 'text',
        text: '[The person attached the image shot.png; it was not sent, as this agent does not accept images]',
      },
    ])
  })

  it('embeds the file and sends the image where the agent says it takes them', () => {
    const blocks = promptBlocks('look', [{ ...file, cut: true }, image], {
      workspace: '/w',
      capabilities: { embeddedContext: true, image: true },
    })
    expect(blocks.slice(1)).toEqual([
      {
        type: 'resource',
        resource: { uri: 'file:///w/src/a.ts', text: 'export {}', mimeType: 'text/plain' },
      },
      { type: 'text', text: expect.stringContaining('src/a.ts is longer') },
      { type: 'image', data: 'AQID', mimeType: 'image/png' },
    ])
  })
})
