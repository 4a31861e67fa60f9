import type { OutgoingAttachment } from '../../shared/attachments'
import {
  IMAGE_BYTES_MAX,
  IMAGE_MEDIA_TYPES,
  type ImageMediaType,
} from '../../shared/attachment-limits'

const isImageType = (type: string): type is ImageMediaType =>
  (IMAGE_MEDIA_TYPES as readonly string[]).includes(type)

/** A pasted or dropped file as an image attachment, or why it cannot be one (in plain words). */
export async function imageAttachment(
  file: File,
): Promise<{ ok: true; attachment: OutgoingAttachment } | { ok: false; message: string }> {
  const name = file.name.trim() === '' ? 'pasted image' : file.name.slice(0, 200)
  if (!isImageType(file.type))
    return {
      ok: false,
      message: `${name} is not a PNG, JPEG, GIF or WebP image; mention other files with @`,
    }
  if (file.size > IMAGE_BYTES_MAX)
    return {
      ok: false,
      message: `${name} is ${(file.size / 1_000_000).toFixed(1)} MB; images up to ${(IMAGE_BYTES_MAX / 1_000_000).toFixed(1)} MB can be attached`,
    }
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return { ok: true, attachment: { kind: 'image', name, mediaType: file.type, data: btoa(binary) } }
}
