import { useEffect, useState } from 'react'
import type { AttachmentRef } from '../../shared/attachments'
import { useActions, useChat } from '../state/chat-context'

/** Bytes in plain words (`2.4 kB`). */
function sizeText(bytes: number): string {
  if (bytes < 1_000) return `${bytes} B`
  if (bytes < 1_000_000) return `${(bytes / 1_000).toFixed(1)} kB`
  return `${(bytes / 1_000_000).toFixed(1)} MB`
}

/** What a sent message carried, under its bubble: file chips and image thumbnails. */
export function MessageAttachments({ attachments }: { attachments: readonly AttachmentRef[] }) {
  return (
    <ul className="attachment-chips is-sent" aria-label="Attached">
      {attachments.map((attachment) =>
        attachment.kind === 'file' ? (
          <li key={`f:${attachment.path}`} className="attachment-chip is-file">
            <span className="attachment-icon" aria-hidden="true">
              @
            </span>
            <span className="attachment-name" title={attachment.path}>
              {attachment.path}
            </span>
            <span className="attachment-size">
              {sizeText(attachment.size)}
              {attachment.cut ? ', only its start attached' : ''}
            </span>
          </li>
        ) : (
          <li key={`i:${attachment.sha256}`} className="attachment-chip is-image">
            <SentImage sha256={attachment.sha256} name={attachment.name} />
            <span className="attachment-name">{attachment.name}</span>
          </li>
        ),
      )}
    </ul>
  )
}

/** An image a message carried, read back from its stored copy. */
function SentImage({ sha256, name }: { sha256: string; name: string }) {
  const actions = useActions()
  const sessionId = useChat((s) => s.activeSessionId)
  const [src, setSrc] = useState<string | null>(null)
  useEffect(() => {
    if (sessionId === null) return
    let current = true
    void actions.readAttachment(sessionId, sha256).then((url) => {
      if (current) setSrc(url)
    })
    return () => {
      current = false
    }
  }, [actions, sessionId, sha256])
  if (src === null)
    return <span className="attachment-thumb is-missing" role="img" aria-label={name} />
  return <img className="attachment-thumb" src={src} alt={name} />
}
