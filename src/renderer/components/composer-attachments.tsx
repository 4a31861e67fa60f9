import type { OutgoingAttachment } from '../../shared/attachments'

/** What a chip is called: a file by its path, an image by its name. */
export function attachmentLabel(attachment: OutgoingAttachment): string {
  return attachment.kind === 'file' ? attachment.path : attachment.name
}

/**
 * The files and images waiting to go with the message, above the box: a file as a chip with its
 * path, an image as a thumbnail; each with its own remove button.
 */
export function ComposerAttachments({
  attachments,
  onRemove,
}: {
  attachments: readonly OutgoingAttachment[]
  onRemove: (index: number) => void
}) {
  if (attachments.length === 0) return null
  return (
    <ul className="attachment-chips" aria-label="Attachments">
      {attachments.map((attachment, index) => {
        const label = attachmentLabel(attachment)
        return (
          <li key={`${index}:${label}`} className={`attachment-chip is-${attachment.kind}`}>
            {attachment.kind === 'image' ? (
              <img
                className="attachment-thumb"
                src={`data:${attachment.mediaType};base64,${attachment.data}`}
                alt={label}
              />
            ) : (
              <span className="attachment-icon" aria-hidden="true">
                @
              </span>
            )}
            <span className="attachment-name" title={label}>
              {label}
            </span>
            <button
              type="button"
              className="attachment-remove"
              aria-label={`Remove ${label}`}
              onClick={() => onRemove(index)}
            >
              ×
            </button>
          </li>
        )
      })}
    </ul>
  )
}
