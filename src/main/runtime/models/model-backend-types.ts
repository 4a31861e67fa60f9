import type { LanguageModel } from 'ai'
import type { PermissionMode } from '../../../shared/permission'

/** What one model call is made with. */
export interface ModelContext {
  mode: PermissionMode
  /** Called for every chunk of bytes the server sends (SSE keep-alive comments included). */
  onActivity?: () => void
}

/** Where a turn's model comes from. `create` is called per model call, with the session's mode. */
export interface ModelBackend {
  /** Stored in the session header, e.g. `fake:demo`, `anthropic:claude-sonnet-4-5`. */
  id: string
  /** Shown in the UI, e.g. "Demo scenario (fake backend)". */
  label: string
  /** Suggestions for the model field (built in, not asked of a server). */
  models: string[]
  /** Scripted fakes have nothing to connect to. */
  fake: boolean
  /** Loads and configures the provider for one call; a configuration problem rejects here. */
  create(context: ModelContext): Promise<LanguageModel>
  /** The server's own model list (`GET /models`), or undefined where it does not answer. */
  serverModels(): Promise<string[] | undefined>
}
