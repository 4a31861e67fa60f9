import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import type { FormDraft, FormInteraction, FormResponse } from '../../../shared'
import { questionsToForm } from '../../../shared/form-state'
import { formInteraction } from '../../../shared/testing/form-fixtures'
import { FormTray } from '../../components/form-tray'
import '../../styles/app.css'

/**
 * The form tray alone, in the composer slot at the bottom of a chat-sized column, for looking at
 * it in a real browser (e2e/form-tray-screens.spec.ts screenshots it). The scene is the URL hash.
 */
const SCENES: Record<string, FormInteraction> = {
  form: formInteraction(),
  orphaned: formInteraction({ orphaned: true, recovered: true }),
  questions: formInteraction({
    source: { kind: 'mcp', server: 'github', rpcId: 'r1' },
    form: questionsToForm([
      {
        question: 'Which database should the service use?',
        options: [
          { label: 'Postgres', description: 'Relational, battle-tested' },
          { label: 'SQLite', description: 'One file, zero setup' },
        ],
      },
      {
        question: 'Which targets?',
        multiSelect: true,
        options: [{ label: 'Linux' }, { label: 'macOS' }, { label: 'Windows' }],
      },
    ]),
  }),
  blocked: formInteraction({
    source: { kind: 'acp', agent: 'Claude Code', rpcId: 3 },
    form: {
      message: 'Sign in to the registry.',
      fields: [
        { type: 'text', key: 'user', title: 'User name', required: true },
        {
          type: 'unsupported',
          key: 'password',
          title: 'Password',
          required: true,
          reason: 'Parley does not take passwords, tokens or other secrets in a form.',
        },
      ],
    },
  }),
}

function Harness({ interaction }: { interaction: FormInteraction }) {
  const [draft, setDraft] = useState<FormDraft | null>(null)
  const [last, setLast] = useState('')
  // The harness takes nothing: every outcome is shown and the tray stays for the next try.
  const record = (what: string) => (response?: FormResponse) => {
    setLast(`${what} ${response ? JSON.stringify(response) : ''}`)
    return false
  }
  return (
    <div className="harness">
      <output aria-label="Last outcome" className="harness-outcome">
        {last}
      </output>
      <div className="composer-slot">
        <FormTray
          interaction={interaction}
          draft={draft}
          onDraft={setDraft}
          onRespond={record('respond')}
          onSendAsMessage={record('send as message')}
          onDismiss={record('dismiss')}
        />
      </div>
    </div>
  )
}

const scene = SCENES[location.hash.slice(1)] ?? SCENES['form']
const root = document.getElementById('root')
if (root && scene)
  createRoot(root).render(
    <StrictMode>
      <style>{`.harness { display: flex; flex-direction: column; justify-content: flex-end; height: 100%; }
.harness-outcome { flex: 1; padding: 12px 20px; font: 12px var(--mono); color: var(--text-muted); overflow-wrap: anywhere; }`}</style>
      <Harness interaction={scene} />
    </StrictMode>,
  )
