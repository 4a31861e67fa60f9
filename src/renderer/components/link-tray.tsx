import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import {
  askerName,
  type AgentPermissionInteraction,
  type AgentPermissionOption,
  type PendingInteraction,
} from '../../shared'
import { splitAtHost, type LinkRequest } from '../../shared/link-request'
import { useActions, usePromptArmingMs } from '../state/chat-context'
import { isTrayKey, useArmed } from '../tray/use-armed'
import { AgentOptionButtons } from './agent-option-buttons'
import { RevealedText } from './revealed-text'
import { TrayHeader } from './tray-header'

/** The tray's title line, by what the link is for. */
function titleOf(asker: string, link: LinkRequest): string {
  switch (link.purpose) {
    case 'sign_in':
      return `${asker} wants you to sign in at ${link.host}`
    case 'open':
      return `${asker} wants you to open a page at ${link.host}`
    case 'waiting':
      return `Waiting for ${asker}…`
  }
}

/** Opens the page in the system browser (Electron routes `window.open` to it) or a new tab. */
function openPage(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer')
}

/**
 * A page an asker wants opened: an MCP server's sign-in ("Sign in" / "Not now"), an URL-mode
 * elicitation ("Open" / "Decline" / "Cancel"), then "Waiting for <asker>…" with Cancel until the
 * asker says it is done. The full URL is shown with its host emphasised, with a warning when the
 * host is international (punycode), not encrypted, or not the one the asker's text names. Parley
 * never fetches the page: only the click on the main button opens it, in the browser.
 */
export function LinkTray({
  request,
  link,
  waiting,
}: {
  request: AgentPermissionInteraction
  link: LinkRequest
  waiting: readonly PendingInteraction[]
}) {
  const actions = useActions()
  const armed = useArmed(usePromptArmingMs())
  const [busy, setBusy] = useState(false)
  const regionRef = useRef<HTMLElement>(null)
  const asker = askerName(request.source)
  const { before, host, after } = splitAtHost(link.url)

  useEffect(() => regionRef.current?.focus({ preventScroll: true }), [])

  const choose = async (option: AgentPermissionOption) => {
    // From the click itself, so the browser lets the page open.
    if (option.optionId === 'open') openPage(link.url)
    setBusy(true)
    if (
      !(await actions.respondToAgentPermission(
        request.sessionId,
        request.requestId,
        option.optionId,
      ))
    )
      setBusy(false)
  }
  const onKeyDownCapture = (event: KeyboardEvent<HTMLElement>) => {
    if (!armed && isTrayKey(event.key)) {
      event.preventDefault()
      event.stopPropagation()
    }
  }

  return (
    <section
      ref={regionRef}
      role="region"
      aria-label="Agent question"
      className="tray tray-link"
      tabIndex={-1}
      data-armed={armed}
      onKeyDownCapture={onKeyDownCapture}
    >
      <TrayHeader
        interaction={request}
        waiting={waiting}
        title={titleOf(asker, link)}
        armed={armed}
      />
      <div className="tray-body">
        {request.title.trim() !== '' && (
          <p className="form-message">
            <RevealedText text={request.title} />
          </p>
        )}
        <p className="link-url" aria-label="Link">
          <span className="link-url-rest">{before}</span>
          <strong className="link-url-host">{host}</strong>
          <span className="link-url-rest">
            <RevealedText text={after} />
          </span>
        </p>
        {link.warnings.length > 0 && (
          <ul className="form-notice form-notice-warn link-warnings" aria-label="Warnings">
            {link.warnings.map((warning, i) => (
              <li key={i}>{warning}</li>
            ))}
          </ul>
        )}
        {link.purpose === 'waiting' && (
          <p className="form-notice" role="status">
            Finish in your browser; this closes when {asker} says it is done.
          </p>
        )}
        {request.orphaned && (
          <p className="form-notice form-notice-warn">
            {asker} is no longer waiting for this (it stopped, or Parley was closed).
          </p>
        )}
      </div>
      <AgentOptionButtons
        request={request}
        primary={'open'}
        busy={busy}
        onChoose={(option) => void choose(option)}
      />
    </section>
  )
}
