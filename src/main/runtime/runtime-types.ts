import type { SandboxProbeDeps } from './sandbox/command-sandbox'
import type { BridgeEvent } from '../../shared/bridge'
import type { BridgeHandlers } from '../../shared/bridge-dispatch'
import type { SecretStore } from './settings/secret-store'
import type { SignInPrompt } from './mcp/oauth/oauth-session'

export interface RuntimeOptions {
  /** Holds `sessions/<id>.jsonl`, `settings.json` and drafts. */
  dataDir: string
  /** Scripted fake backend (`--scenario`); falls back to env PARLEY_SCENARIO. */
  scenarioPath?: string | undefined
  /** Workspace for new sessions that do not name one. */
  workspace?: string | undefined
  /**
   * The folder used when neither the session, `workspace` nor Settings names one: the terminal
   * clients' current folder. Without it such a session is refused with `no_workspace` and the
   * app asks the person for a folder.
   */
  currentFolder?: string | undefined
  /** `--acp "COMMAND ARGS"`: new sessions talk to this ACP agent unless they name another. */
  acp?: string | undefined
  /** `--mcp-config` files (absolute paths): MCP servers, approved by being given. */
  mcpConfigFiles?: readonly string[] | undefined
  /** Interactive hosts (desktop, web, TUI) get AskUserQuestion; headless `run` does not. */
  interactive: boolean
  secretStore?: SecretStore
  /** Environment for provider configuration (OPENAI_API_KEY, …); defaults to process.env. */
  env?: NodeJS.ProcessEnv
  /**
   * Permission prompts settle as not allowed (timed_out) after this long; tests set it, otherwise
   * the `permissionTimeoutSeconds` setting applies (300 s, 0 = never).
   */
  permissionTimeoutMs?: number
  /**
   * A model stream that sends no bytes this long is aborted (paused while anything is parked).
   * Tests set it; otherwise the `streamIdleSeconds` setting applies.
   */
  streamIdleMs?: number
  /** Waits between automatic retries of a failed model call; tests pass one that records. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
  /** HTTP client for provider backends; tests point it at a local fake server. */
  fetch?: typeof globalThis.fetch
  /** How the command sandbox is found; tests pass one that finds none. */
  sandboxProbe?: SandboxProbeDeps
  /**
   * Checkpoints of the workspace's files before and after every turn (docs/checkpoints.md):
   * on in interactive hosts unless false (headless `run` takes none). `git` names the program (a
   * test points it at one that is missing).
   */
  checkpoints?: false | { git?: string }
  /** The clock every record, deadline and "asked at" is read from; tests pass a fixed one. */
  now?: () => number
  /**
   * How this host puts an MCP server's sign-in page in front of the person (open a browser, print
   * the link). Absent: the server is left failed with a line naming `parley mcp login NAME`.
   */
  mcpSignIn?: SignInPrompt
}

/**
 * The agent runtime as every host sees it: the ParleyBridge calls (inputs already validated by the
 * host through `dispatchBridgeCall`), live events, and teardown.
 */
export interface Runtime extends BridgeHandlers {
  onEvent(listener: (event: BridgeEvent) => void): () => void
  /** Settles every parked request as interrupted-but-open (durable) and flushes logs. */
  close(): Promise<void>
}
