import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FILE_MENTION_CHARS, IMAGE_BYTES_MAX } from '../../../shared/attachments'
import { isTurnEnd, newSession, readLogRecords, waitForEvent } from '../testing/runtime-test-kit'
import {
  modelRequests,
  providerEnv,
  providerServersPerTest,
  scriptReplies,
} from '../models/testing/provider-servers'
import { refuseForDevice } from '../../../hosts/web/remote/device-access'
import { AttachmentStore } from './attachment-store'
import { loadAttachments, prepareAttachments } from './message-attachments'

/** The smallest PNG there is: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

let root: string
let workspace: string
let store: AttachmentStore
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'parley-attach-'))
  workspace = join(root, 'ws')
  store = new AttachmentStore(join(root, 'sessions', 's1.files'))
  writeFileSync(join(root, 'outside.txt'), 'secret')
  mkdirSync(workspace)
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('message attachments', () => {
  it('store a mentioned file once, named by its hash, and read back exactly what was attached', async () => {
    writeFileSync(join(workspace, 'notes.md'), 'remember the milk')
    const prepared = await prepareAttachments([{ kind: 'file', path: 'notes.md' }], {
      workspace,
      store,
    })
    expect(prepared).toMatchObject({
      ok: true,
      refs: [{ kind: 'file', path: 'notes.md', size: 17 }],
    })
    writeFileSync(join(workspace, 'notes.md'), 'changed since')
    const refs = prepared.ok ? prepared.refs : []
    expect(loadAttachments(refs, store)).toEqual([
      { kind: 'file', path: 'notes.md', text: 'remember the milk', cut: false },
    ])
  })

  it('cut a long file to its first characters and say so', async () => {
    writeFileSync(join(workspace, 'long.txt'), 'a'.repeat(FILE_MENTION_CHARS + 5))
    const prepared = await prepareAttachments([{ kind: 'file', path: 'long.txt' }], {
      workspace,
      store,
    })
    expect(prepared).toMatchObject({
      ok: true,
      refs: [{ cut: true, size: FILE_MENTION_CHARS + 5 }],
    })
    const [loaded] = loadAttachments(prepared.ok ? prepared.refs : [], store)
    expect(loaded?.kind === 'file' && loaded.text.length).toBe(FILE_MENTION_CHARS)
  })

  it('refuse a file outside the workspace, through a symlink, binary, missing or an image that is not one, storing nothing', async () => {
    symlinkSync(join(root, 'outside.txt'), join(workspace, 'link.txt'))
    writeFileSync(join(workspace, 'blob.bin'), Buffer.from([0, 1, 2, 0, 255]))
    const refused = async (item: Parameters<typeof prepareAttachments>[0][number]) => {
      const prepared = await prepareAttachments([item], { workspace, store })
      return prepared.ok ? 'accepted' : prepared.problem
    }
    expect(await refused({ kind: 'file', path: '../outside.txt' })).toBe('outside_workspace')
    expect(await refused({ kind: 'file', path: 'link.txt' })).toBe('outside_workspace')
    expect(await refused({ kind: 'file', path: 'blob.bin' })).toBe('binary')
    expect(await refused({ kind: 'file', path: 'nothing.txt' })).toBe('missing')
    expect(await refused({ kind: 'file', path: '.' })).toBe('not_file')
    const text = Buffer.from('not a picture').toString('base64')
    expect(
      await refused({ kind: 'image', name: 'a.png', mediaType: 'image/png', data: text }),
    ).toBe('unsupported')
    const huge = Buffer.concat([PNG, Buffer.alloc(IMAGE_BYTES_MAX)]).toString('base64')
    expect(
      await refused({ kind: 'image', name: 'big.png', mediaType: 'image/png', data: huge }),
    ).toBe('too_large')
    expect(() => readdirSync(store.folder)).toThrow()
  })

  it('say an attachment is gone when its stored copy was changed or removed', async () => {
    writeFileSync(join(workspace, 'a.txt'), 'hello')
    const prepared = await prepareAttachments([{ kind: 'file', path: 'a.txt' }], {
      workspace,
      store,
    })
    const refs = prepared.ok ? prepared.refs : []
    writeFileSync(join(store.folder, refs[0]?.sha256 ?? ''), 'tampered')
    expect(loadAttachments(refs, store)).toEqual([{ kind: 'gone', label: 'a.txt' }])
  })
})

describe('attachments over the wire', () => {
  const servers = providerServersPerTest()

  it('a mentioned file and a pasted image reach the request; the log keeps only references, and a replay sends them again', async () => {
    scriptReplies(servers.mock, [{ content: 'one' }, { content: 'two' }])
    const p = await servers.start(providerEnv('openai-compatible', servers.mock.url))
    writeFileSync(join(p.rig.workspace, 'plan.md'), 'Step 1: the secret word is pelican.')
    const sessionId = await newSession(p.runtime)
    const sent = await p.runtime.send({
      sessionId,
      text: 'look at these',
      attachments: [
        { kind: 'file', path: 'plan.md' },
        { kind: 'image', name: 'shot.png', mediaType: 'image/png', data: PNG.toString('base64') },
      ],
    })
    expect(sent.ok).toBe(true)
    await waitForEvent(p.runtime, isTurnEnd)
    p.runtime.events.length = 0
    await p.runtime.send({ sessionId, text: 'and again' })
    await waitForEvent(p.runtime, isTurnEnd)

    const bodies = modelRequests(p.requests).map((r) => JSON.stringify(r.body))
    expect(bodies).toHaveLength(2)
    for (const body of bodies) {
      expect(body).toContain('<file path=\\"plan.md\\">\\nStep 1: the secret word is pelican.')
      expect(body).toContain(`data:image/png;base64,${PNG.toString('base64')}`)
    }
    const message = readLogRecords(p.rig, sessionId).find((e) => e.type === 'user_message')
    expect(message).toMatchObject({
      attachments: [
        { kind: 'file', path: 'plan.md', size: 35 },
        { kind: 'image', name: 'shot.png', mediaType: 'image/png', size: PNG.length },
      ],
    })
    const log = readFileSync(join(p.rig.dataDir, 'sessions', `${sessionId}.jsonl`), 'utf8')
    expect(log).not.toContain('pelican')
    expect(log).not.toContain(PNG.toString('base64'))

    const sha = message?.type === 'user_message' ? message.attachments?.[1]?.sha256 : undefined
    const image = await p.runtime.readAttachment({ sessionId, sha256: sha ?? '' })
    expect(image).toEqual({ ok: true, mediaType: 'image/png', data: PNG.toString('base64') })
    const fileSha = message?.type === 'user_message' ? message.attachments?.[0]?.sha256 : ''
    expect(await p.runtime.readAttachment({ sessionId, sha256: fileSha ?? '' })).toMatchObject({
      ok: false,
      reason: 'not_found',
    })
  })

  it('a refused attachment refuses the message with its reason, and nothing is recorded', async () => {
    const p = await servers.start(providerEnv('openai-compatible', servers.mock.url))
    const sessionId = await newSession(p.runtime)
    const sent = await p.runtime.send({
      sessionId,
      text: 'read this',
      attachments: [{ kind: 'file', path: '../../etc/passwd' }],
    })
    expect(sent).toMatchObject({ ok: false, reason: 'attachment' })
    expect(!sent.ok && sent.message).toContain('outside the workspace')
    const opened = await p.runtime.openSession({ sessionId })
    expect(opened.ok && opened.events.some((e) => e.type === 'user_message')).toBe(false)
  })

  it('@ completion searches the session workspace, best match first', async () => {
    const p = await servers.start(providerEnv('openai-compatible', servers.mock.url))
    mkdirSync(join(p.rig.workspace, 'src'))
    writeFileSync(join(p.rig.workspace, 'src', 'main.ts'), '')
    writeFileSync(join(p.rig.workspace, 'README.md'), '')
    const sessionId = await newSession(p.runtime)
    expect(await p.runtime.searchWorkspaceFiles({ sessionId, query: 'main' })).toEqual({
      ok: true,
      paths: ['src/main.ts'],
    })
    expect(await p.runtime.searchWorkspaceFiles({ sessionId: 's-none', query: '' })).toMatchObject({
      ok: false,
      reason: 'not_found',
    })
  })
})

describe('a paired device', () => {
  it('may send an image and see thumbnails, but neither search nor attach the computer’s files', () => {
    const image = { kind: 'image', name: 'a.png', mediaType: 'image/png', data: 'AA==' }
    expect(refuseForDevice('searchWorkspaceFiles', { sessionId: 's', query: '' })).toMatchObject({
      reason: 'forbidden',
    })
    expect(
      refuseForDevice('send', {
        sessionId: 's',
        text: 'x',
        attachments: [{ kind: 'file', path: 'a' }],
      }),
    ).toMatchObject({ reason: 'forbidden' })
    expect(refuseForDevice('send', { sessionId: 's', text: 'x', attachments: [image] })).toBeNull()
    expect(refuseForDevice('readAttachment', { sessionId: 's', sha256: 'a' })).toBeNull()
  })
})
