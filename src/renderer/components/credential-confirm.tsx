import { useEffect, useRef } from 'react'
import { listInWords } from '../../ui-common/credential-values'

/**
 * The second, explicit confirmation an answer needs when it holds something credential-shaped:
 * it says what was found and who receives it, and only "Send to … anyway" sends. Focus moves to
 * "Go back", so Enter pressed in a hurry keeps the secret.
 */
export function CredentialConfirm({
  found,
  recipient,
  disabled,
  onSend,
  onBack,
}: {
  found: readonly string[]
  recipient: string
  disabled: boolean
  onSend(): void
  onBack(): void
}) {
  const backRef = useRef<HTMLButtonElement>(null)
  useEffect(() => backRef.current?.focus(), [])
  return (
    <div className="form-notice form-notice-warn credential-confirm" role="alert">
      <p>
        This answer looks like it contains {listInWords(found)}. It goes to {recipient}, who can
        keep it and use it. Send it only if you mean to give it to them.
      </p>
      <div className="credential-confirm-buttons">
        <button type="button" className="button-secondary" ref={backRef} onClick={onBack}>
          Go back
        </button>
        <button type="button" className="button-danger" disabled={disabled} onClick={onSend}>
          Send to {recipient} anyway
        </button>
      </div>
    </div>
  )
}
