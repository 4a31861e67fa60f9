import {
  FILE_MENTION_CHARS,
  IMAGE_BYTES_MAX,
  type AttachmentProblem,
  type AttachmentRef,
  type ImageMediaType,
  type OutgoingAttachment,
} from '../../../shared/attachments'
import { locateInWorkspace } from '../tools/workspace-paths'
import { readWorkspaceText } from '../tools/workspace-file-io'
import { ToolError } from '../tools/tool-types'
import type { SessionEvent } from '../../../shared/session-events'
import type { AttachmentStore } from './attachment-store'

/** A message's attachments checked and stored, or the first one refused and why. */
export type PreparedAttachments =
  { ok: true; refs: AttachmentRef[] } | { ok: false; problem: AttachmentProblem; message: string }

type Refused = Extract<PreparedAttachments, { ok: false }>
const refuse = (problem: AttachmentProblem, message: string): Refused => ({
  ok: false,
  problem,
  message,
})

/**
 * Checks and stores what a message carries, before anything is recorded: a mentioned file is
 * read as `read_file` reads (its real path inside the workspace after every symlink, one name
 * only, a regular file, at most LIMITS.fileBytes), refused when binary, and cut to
 * FILE_MENTION_CHARS characters; an image must be what its type says and at most
 * IMAGE_BYTES_MAX bytes. Nothing is recorded when one is refused.
 */
export async function prepareAttachments(
  items: readonly OutgoingAttachment[],
  context: { workspace: string; store: AttachmentStore },
): Promise<PreparedAttachments> {
  const refs: AttachmentRef[] = []
  for (const item of items) {
    const prepared =
      item.kind === 'file'
        ? await prepareFile(item.path, context)
        : prepareImage(item.name, item.mediaType, item.data, context.store)
    if (!prepared.ok) return prepared
    refs.push(prepared.ref)
  }
  return { ok: true, refs }
}

async function prepareFile(
  path: string,
  { workspace, store }: { workspace: string; store: AttachmentStore },
): Promise<{ ok: true; ref: AttachmentRef } | Refused> {
  let located
  try {
    located = locateInWorkspace(workspace, path)
  } catch (error) {
    if (error instanceof ToolError) return refuse('outside_workspace', error.message)
    throw error
  }
  const read = await readWorkspaceText(located.absolute, located.shown).catch(() => null)
  if (read === null) return refuse('missing', `${path} could not be read`)
  if (!read.ok) {
    const problem: AttachmentProblem =
      read.reason === 'hard_links' ? 'outside_workspace' : read.reason
    return refuse(problem, read.message)
  }
  // NUL never occurs in text; a decoder's replacement characters in bulk mean it was not UTF-8.
  if (read.text.includes('\0') || (read.text.match(/\uFFFD/g)?.length ?? 0) > 8)
    return refuse('binary', `${located.shown} is not a text file; only text files can be mentioned`)
  const cut = read.text.length > FILE_MENTION_CHARS
  const text = cut ? read.text.slice(0, FILE_MENTION_CHARS) : read.text
  const { sha256 } = store.put(Buffer.from(text, 'utf8'))
  const size = Buffer.byteLength(read.text, 'utf8')
  return {
    ok: true,
    ref: { kind: 'file', path: located.shown, sha256, size, ...(cut ? { cut: true } : {}) },
  }
}

/** The first bytes each image type starts with (its signature). */
const SIGNATURES: Record<ImageMediaType, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP',
}

function prepareImage(
  name: string,
  mediaType: ImageMediaType,
  data: string,
  store: AttachmentStore,
): { ok: true; ref: AttachmentRef } | Refused {
  const bytes = Buffer.from(data, 'base64')
  if (bytes.length > IMAGE_BYTES_MAX)
    return refuse(
      'too_large',
      `${name} is ${megabytes(bytes.length)}; images up to ${megabytes(IMAGE_BYTES_MAX)} can be sent`,
    )
  if (!SIGNATURES[mediaType](bytes))
    return refuse('unsupported', `${name} is not a ${mediaType.slice('image/'.length)} image`)
  const { sha256, size } = store.put(bytes)
  return { ok: true, ref: { kind: 'image', name, mediaType, sha256, size } }
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`

/** An attachment's stored copy, as the model or an agent is given it. */
export type LoadedAttachment =
  | { kind: 'file'; path: string; text: string; cut: boolean }
  | { kind: 'image'; name: string; mediaType: ImageMediaType; bytes: Buffer }
  | { kind: 'gone'; label: string }

/** The stored copies of a message's attachments (one gone from disk is said to be gone). */
export function loadAttachments(
  refs: readonly AttachmentRef[],
  store: AttachmentStore,
): LoadedAttachment[] {
  return refs.map((ref): LoadedAttachment => {
    const bytes = store.read(ref.sha256)
    const label = ref.kind === 'file' ? ref.path : ref.name
    if (bytes === null) return { kind: 'gone', label }
    switch (ref.kind) {
      case 'file':
        return { kind: 'file', path: ref.path, text: bytes.toString('utf8'), cut: ref.cut === true }
      case 'image':
        return { kind: 'image', name: ref.name, mediaType: ref.mediaType, bytes }
    }
  })
}

/** A mentioned file as the model reads it: its path, its text, and a note when it was cut. */
export function fileContextText(file: { path: string; text: string; cut: boolean }): string {
  const note = file.cut
    ? `\n[${file.path} is longer: only its first ${FILE_MENTION_CHARS} characters are attached]`
    : ''
  return `<file path="${file.path}">\n${file.text}\n</file>${note}`
}

/** Said in place of an attachment whose stored copy is gone. */
export function goneText(label: string): string {
  return `[The attachment ${label} is no longer stored]`
}

/**
 * An image one of the session's messages carries, for the transcript's thumbnail: only a hash
 * the log names as an image is read, so the call reaches nothing else in the folder.
 */
export function readImageAttachment(
  events: readonly SessionEvent[],
  sha256: string,
  store: AttachmentStore,
):
  | { ok: true; mediaType: ImageMediaType; data: string }
  | { ok: false; reason: 'not_found'; message?: string } {
  const ref = events
    .flatMap((event) => (event.type === 'user_message' ? (event.attachments ?? []) : []))
    .find((candidate) => candidate.kind === 'image' && candidate.sha256 === sha256)
  const bytes = ref?.kind === 'image' ? store.read(sha256) : null
  if (ref?.kind !== 'image' || bytes === null)
    return { ok: false, reason: 'not_found', message: 'no such image in this session' }
  return { ok: true, mediaType: ref.mediaType, data: bytes.toString('base64') }
}
