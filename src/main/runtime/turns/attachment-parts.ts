import type { ImagePart, TextPart } from 'ai'
import type { AttachmentRef } from '../../../shared/attachments'
import { AttachmentStore, attachmentFolder } from '../projects/attachment-store'
import { fileContextText, goneText, loadAttachments } from '../projects/message-attachments'

/**
 * How the model is given a message's attachments, read from the copies beside the session's log
 * at `logPath`: a mentioned file as a text part naming its path, an image as an image part.
 */
export function attachmentPartsFor(
  logPath: string,
): (refs: readonly AttachmentRef[]) => Array<TextPart | ImagePart> {
  const store = new AttachmentStore(attachmentFolder(logPath))
  return (refs) =>
    loadAttachments(refs, store).map((loaded): TextPart | ImagePart => {
      switch (loaded.kind) {
        case 'file':
          return { type: 'text', text: fileContextText(loaded) }
        case 'image':
          return { type: 'image', image: new Uint8Array(loaded.bytes), mediaType: loaded.mediaType }
        case 'gone':
          return { type: 'text', text: goneText(loaded.label) }
      }
    })
}
