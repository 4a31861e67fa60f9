/**
 * Bounds of what a message carries (see attachments.ts), apart from the schemas: the message box
 * uses them in the page's first frame, which loads no schema library.
 */

/** How many attachments one message carries at most. */
export const ATTACHMENTS_MAX = 10

/** Characters of a mentioned file that reach the model; a longer file is cut with a note. */
export const FILE_MENTION_CHARS = 64_000

/** Bytes of one image (decoded). Its base64 must fit one bridge payload with room to spare. */
export const IMAGE_BYTES_MAX = 1_400_000

/** Image types every provider that takes images accepts. */
export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number]

/** How many file suggestions one `@` search answers with at most. */
export const FILE_SUGGESTIONS_MAX = 50
