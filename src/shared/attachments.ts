import { z } from 'zod'
import { LIMITS } from './limits'
import { IMAGE_BYTES_MAX, IMAGE_MEDIA_TYPES } from './attachment-limits'

export {
  ATTACHMENTS_MAX,
  FILE_MENTION_CHARS,
  FILE_SUGGESTIONS_MAX,
  IMAGE_BYTES_MAX,
  IMAGE_MEDIA_TYPES,
} from './attachment-limits'

/**
 * What a message carries beside its text: files mentioned with `@` and pasted or dropped images.
 * The UI sends what it has (a workspace path, an image's bytes); the runtime reads, checks and
 * stores each one beside the session log and records only a reference (`AttachmentRef`), so the
 * log never holds a file's text or an image's base64, and a replay reads the stored copy.
 */

export const ImageMediaTypeSchema = z.enum(IMAGE_MEDIA_TYPES)
export type { ImageMediaType } from './attachment-limits'

/** A content hash, lower-case hex SHA-256: the stored copy's name. */
export const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/)

/** An attachment as a UI sends it with a message. */
export const OutgoingAttachmentSchema = z.discriminatedUnion('kind', [
  /** A workspace file, relative to the session's workspace (read as `read_file` reads). */
  z.strictObject({ kind: z.literal('file'), path: z.string().min(1).max(LIMITS.path) }),
  /** An image's bytes, base64 (no `data:` prefix). */
  z.strictObject({
    kind: z.literal('image'),
    name: z.string().min(1).max(200),
    mediaType: ImageMediaTypeSchema,
    data: z
      .string()
      .min(1)
      .max(Math.ceil(IMAGE_BYTES_MAX / 3) * 4 + 4)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/),
  }),
])
export type OutgoingAttachment = z.infer<typeof OutgoingAttachmentSchema>

/** An attachment as the log records it: by reference to the copy stored beside the session. */
export const AttachmentRefSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('file'),
    /** Relative to the workspace, as the person chose it. */
    path: z.string().min(1).max(LIMITS.path),
    sha256: Sha256Schema,
    /** Bytes of the file when it was attached. */
    size: z.number().int().min(0),
    /** Only its first FILE_MENTION_CHARS characters were attached. */
    cut: z.literal(true).optional(),
  }),
  z.strictObject({
    kind: z.literal('image'),
    name: z.string().min(1).max(200),
    mediaType: ImageMediaTypeSchema,
    sha256: Sha256Schema,
    size: z.number().int().min(0),
  }),
])
export type AttachmentRef = z.infer<typeof AttachmentRefSchema>

/** Why an attachment was refused; the message names the attachment. */
export const AttachmentProblemSchema = z.enum([
  'outside_workspace',
  'missing',
  'not_file',
  'too_large',
  'binary',
  'unsupported',
])
export type AttachmentProblem = z.infer<typeof AttachmentProblemSchema>
