import { deferredModule } from './shell/deferred-module'

/**
 * What the first frame does without (each its own chunk): the shell — sidebar, header, an empty
 * transcript, the composer — paints first, and these are fetched right after.
 */

/** Markdown rendering: marked, the highlighter (lowlight and its grammar loaders). */
export const MARKDOWN = deferredModule(() => import('./components/markdown-text'))

/** The settings panel and its editors. */
export const SETTINGS = deferredModule(() => import('./components/settings-panel'))

/** The trays that take the composer's place (permission, question, form) and what they draw. */
export const TRAYS = deferredModule(() => import('./components/trays'))

/** An agent tool call's input drawn as diffs (the diff library, the highlighter). */
export const AGENT_INPUT = deferredModule(() => import('./components/agent-input'))

/** Fetches every deferred part; resolves once all are loaded. */
export function loadDeferredParts(): Promise<unknown> {
  return Promise.all([MARKDOWN.load(), SETTINGS.load(), TRAYS.load(), AGENT_INPUT.load()])
}
