import { useEffect, useId, useRef, useState } from 'react'
import {
  ProviderCandidateSchema,
  ProviderKindSchema,
  type ProviderCandidate,
  type ProviderKind,
  type PublicSettings,
} from '../../shared'
import { useActions } from '../state/chat-context'
import type { ModelSuggestions } from '../state/store'
import { Field } from './settings-field'

/** Providers in words, never their stored values. */
export const PROVIDER_NAME: Record<ProviderKind, string> = {
  auto: 'Automatic',
  anthropic: 'Anthropic',
  'openai-compatible': 'OpenAI-compatible',
  demo: 'Demo (scripted, no model)',
}

const PROVIDER_HINT: Record<ProviderKind, string> = {
  auto: 'Uses Anthropic when an Anthropic key is set, else an OpenAI-compatible server when its key or address is set, else the demo.',
  anthropic: 'Claude models, or any server that speaks the Anthropic API.',
  'openai-compatible':
    'OpenAI, Ollama, LM Studio, OpenRouter and other servers with an OpenAI-style API.',
  demo: 'A scripted conversation that shows what Parley does. Nothing leaves this computer.',
}

/** How long the form is left alone before its model suggestions are asked for again. */
const SUGGEST_AFTER_MS = 400

/** The provider part of the Settings form, as typed (keys: '' leaves the saved one). */
export interface ProviderDraft {
  provider: ProviderKind
  model: string
  openaiBaseUrl: string
  anthropicBaseUrl: string
  openaiKey: string
  anthropicKey: string
}

/** The provider in the form as the runtime takes it, or null while an address is not one yet. */
export function candidateOf(draft: ProviderDraft): ProviderCandidate | null {
  const parsed = ProviderCandidateSchema.safeParse({
    provider: draft.provider,
    model: draft.model.trim(),
    openaiBaseUrl: draft.openaiBaseUrl.trim(),
    anthropicBaseUrl: draft.anthropicBaseUrl.trim(),
    ...(draft.openaiKey ? { openaiApiKey: draft.openaiKey } : {}),
    ...(draft.anthropicKey ? { anthropicApiKey: draft.anthropicKey } : {}),
  })
  return parsed.success ? parsed.data : null
}

/**
 * Model suggestions for the provider in the form, before it is saved: asked again a moment after
 * the provider, an address or a key changes (and when the saved settings change).
 */
export function useModelSuggestions(draft: ProviderDraft, settings: PublicSettings) {
  const actions = useActions()
  const [models, setModels] = useState<ModelSuggestions>({ models: [], fromServer: false })
  const { provider, openaiBaseUrl, anthropicBaseUrl, openaiKey, anthropicKey } = draft
  useEffect(() => {
    let current = true
    const candidate = candidateOf({
      provider,
      model: '',
      openaiBaseUrl,
      anthropicBaseUrl,
      openaiKey,
      anthropicKey,
    })
    if (!candidate) return
    const timer = setTimeout(() => {
      void actions.listModels(candidate).then((found) => current && setModels(found))
    }, SUGGEST_AFTER_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [actions, settings, provider, openaiBaseUrl, anthropicBaseUrl, openaiKey, anthropicKey])
  return models
}

/** The provider, its addresses and keys, and the model (with suggestions for what is typed). */
export function ProviderFields({
  settings,
  draft,
  onChange,
  onClearKey,
}: {
  settings: PublicSettings
  draft: ProviderDraft
  onChange: (patch: Partial<ProviderDraft>) => void
  onClearKey: (key: 'openaiApiKey' | 'anthropicApiKey') => void
}) {
  const models = useModelSuggestions(draft, settings)
  const modelListId = useId()
  const { provider } = draft
  const usesAnthropic = provider === 'anthropic' || provider === 'auto'
  const usesOpenai = provider === 'openai-compatible' || provider === 'auto'
  return (
    <>
      <Field label="Provider" hint={PROVIDER_HINT[provider]}>
        {(control) => (
          <select
            {...control}
            value={provider}
            onChange={(e) => {
              const parsed = ProviderKindSchema.safeParse(e.target.value)
              if (parsed.success) onChange({ provider: parsed.data })
            }}
          >
            {ProviderKindSchema.options.map((p) => (
              <option key={p} value={p}>
                {PROVIDER_NAME[p]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {usesAnthropic && (
        <fieldset className="settings-group">
          <legend>Anthropic</legend>
          <KeyField
            label="Anthropic API key"
            isSet={settings.anthropicApiKeySet}
            value={draft.anthropicKey}
            onChange={(anthropicKey) => onChange({ anthropicKey })}
            onClear={() => onClearKey('anthropicApiKey')}
          />
          <Field label="Anthropic base URL" hint="Leave empty for api.anthropic.com.">
            {(control) => (
              <input
                {...control}
                type="url"
                value={draft.anthropicBaseUrl}
                placeholder="https://api.anthropic.com/v1"
                onChange={(e) => onChange({ anthropicBaseUrl: e.target.value })}
              />
            )}
          </Field>
        </fieldset>
      )}
      {usesOpenai && (
        <fieldset className="settings-group">
          <legend>OpenAI-compatible server</legend>
          <Field label="Base URL" hint="Leave empty for api.openai.com.">
            {(control) => (
              <input
                {...control}
                type="url"
                value={draft.openaiBaseUrl}
                placeholder="http://localhost:11434/v1"
                onChange={(e) => onChange({ openaiBaseUrl: e.target.value })}
              />
            )}
          </Field>
          <KeyField
            label="OpenAI-compatible API key"
            isSet={settings.openaiApiKeySet}
            value={draft.openaiKey}
            onChange={(openaiKey) => onChange({ openaiKey })}
            onClear={() => onClearKey('openaiApiKey')}
          />
        </fieldset>
      )}
      {provider !== 'demo' && (
        <>
          <Field
            label="Model"
            hint={
              models.fromServer
                ? 'Suggestions come from the server. Any model id works.'
                : 'Type any model id; the list only suggests.'
            }
          >
            {(control) => (
              <input
                {...control}
                value={draft.model}
                list={modelListId}
                placeholder="Provider default"
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => onChange({ model: e.target.value })}
              />
            )}
          </Field>
          <datalist id={modelListId}>
            {models.models.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </>
      )}
    </>
  )
}

function KeyField(props: {
  label: string
  isSet: boolean
  value: string
  onChange: (value: string) => void
  onClear: () => void
}) {
  return (
    <Field
      label={
        <>
          {props.label} <span className="key-state">{props.isSet ? 'set' : 'not set'}</span>
        </>
      }
    >
      {(control) => (
        <span className="key-row">
          <input
            {...control}
            type="password"
            autoComplete="off"
            value={props.value}
            placeholder={props.isSet ? 'Saved — type to replace' : 'Paste a key'}
            onChange={(e) => props.onChange(e.target.value)}
          />
          {props.isSet && (
            <button type="button" className="button-quiet small" onClick={props.onClear}>
              Remove key
            </button>
          )}
        </span>
      )}
    </Field>
  )
}

/**
 * "Test connection": one small request to the provider as it stands in the form (saved or not),
 * its result said beside the button and brought into view.
 */
export function ConnectionTest({ draft }: { draft: ProviderDraft }) {
  const actions = useActions()
  const [pending, setPending] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null)
  const resultRef = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    if (result) resultRef.current?.scrollIntoView?.({ block: 'nearest' })
  }, [result])
  const run = () => {
    if (pending) return
    const candidate = candidateOf(draft)
    if (!candidate) {
      setResult({ ok: false, message: 'A base URL is not a web address: fix it to test it.' })
      return
    }
    setPending(true)
    setResult(null)
    void actions.testConnection(candidate).then((value) => {
      setResult(value)
      setPending(false)
    })
  }
  return (
    <>
      <button
        type="button"
        className="button-secondary"
        // Not disabled while it runs: a disabled button drops the focus it has.
        aria-disabled={pending}
        onClick={run}
      >
        {pending ? 'Testing…' : 'Test connection'}
      </button>
      {/* Beside the button, in the bar that stays in view: never below the fold. */}
      <span ref={resultRef} className="settings-test-result" role="status">
        {result && (
          <span className={result.ok ? 'settings-test-ok' : 'settings-test-failed'}>
            {result.message}
          </span>
        )}
      </span>
    </>
  )
}
