import { useState } from 'react'
import type { FormDraft, FormResponse, FormSpec } from '../../shared'
import { formContent } from '../../shared/form-answers'
import { goTo } from '../../shared/form-state'
import { credentialsInResponse } from '../../ui-common/credential-values'

/** What a callback that sends something may say back: false re-enables the tray to try again. */
export type Settled = void | boolean | Promise<void | boolean>

/**
 * How the form tray sends: `settle` runs an answer and keeps the tray disabled unless it says
 * false; `accept` checks the answers first (a refused Submit is counted, so every problem then
 * shows at its field, and a form shown a question at a time goes to the first one), and an
 * answer holding something credential-shaped waits in `confirming` for a second confirmation.
 * Every change of the draft goes through `change`, which drops that confirmation.
 */
export function useFormSending({
  spec,
  draft,
  stepped,
  onDraft,
}: {
  spec: FormSpec
  draft: FormDraft
  stepped: boolean
  onDraft: (draft: FormDraft) => void
}) {
  const [refusals, setRefusals] = useState(0)
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState<{ found: string[]; send(): void } | null>(null)

  const change = (nextDraft: FormDraft) => {
    if (nextDraft === draft) return
    setConfirming(null)
    onDraft(nextDraft)
  }
  const settle = async (run: () => Settled) => {
    setBusy(true)
    if ((await run()) === false) setBusy(false)
  }
  const accept = (send: (response: FormResponse) => Settled) => {
    if (busy) return
    const result = formContent(spec, draft)
    if (!result.ok) {
      setRefusals((n) => n + 1)
      const first = spec.fields.findIndex((f) => f.key in result.errors)
      if (stepped && first >= 0) change(goTo(spec, draft, first))
      return
    }
    const response: FormResponse = { action: 'accept', content: result.content }
    const go = () => void settle(() => send(response))
    const found = credentialsInResponse(response)
    if (found.length === 0) go()
    else setConfirming({ found, send: go })
  }
  return {
    refusals,
    busy,
    confirming,
    closeConfirming: () => setConfirming(null),
    change,
    settle,
    accept,
  }
}
