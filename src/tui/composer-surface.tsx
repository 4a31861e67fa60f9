import type { ReactNode } from 'react'
import type { MessageQueue } from '../shared/queued-messages'
import { Composer, composerRows } from './composer'
import type { ComposerState } from './composer-state'
import { fileMentionRows } from './file-mention-rows'
import { currentMatch, type HistorySearch } from './history-search'
import { historySearchRows } from './history-search-keys'
import type { KeyHandler } from './key-router'
import { queuedLines } from './queued-lines'
import { pickedIndex, slashMenuRows, type SlashMenuPick } from './slash-menu'
import { commandSuggestions } from './slash-commands'
import { StyledLines } from './styled-lines'
import type { StyledLine } from './styled-text'
import { editorWith } from './text-editor'

/** Rows the draft may take before it scrolls. */
export const MAX_DRAFT_ROWS = 10

/** What the message box and the rows around it show. */
export interface ComposerSurfaceInput {
  composer: ComposerState
  search: HistorySearch | null
  history: readonly string[]
  menuPick: SlashMenuPick | null
  mentions: { paths: readonly string[]; selected: number }
  /** The `!command` rows shown above the queued messages. */
  commandRows: StyledLine[]
  queued: MessageQueue
  width: number
  maxRows: number
  onKey: KeyHandler
}

/**
 * The message box with what stands above it (the `!command` rows, the queued messages) and the
 * list under it (Ctrl+R's search, the `@` paths or the `/` menu), laid out in at most `maxRows`
 * rows; `rows` says how many it takes.
 */
export function composerSurface({
  composer,
  search,
  history,
  menuPick,
  mentions,
  commandRows,
  queued,
  width,
  maxRows,
  onKey,
}: ComposerSurfaceInput): { rows: number; node: ReactNode } {
  const suggestions = commandSuggestions(composer.editor.text)
  const listed = suggestions.length > 0 ? suggestions.length : mentions.paths.length
  const shownSuggestions = Math.min(listed, Math.max(0, maxRows - 3))
  // While Ctrl+R searches, the box shows the match the search is on.
  const match = search ? currentMatch(history, search) : null
  const draftRows = composerRows(
    match === null ? composer : { ...composer, editor: editorWith(match) },
    width,
    Math.min(MAX_DRAFT_ROWS, Math.max(1, maxRows - 2 - shownSuggestions)),
  )
  const suggestionLines = search
    ? historySearchRows(search, history, width)
    : suggestions.length === 0
      ? fileMentionRows(mentions.paths, mentions.selected, width, shownSuggestions)
      : slashMenuRows(
          suggestions,
          pickedIndex(menuPick, composer.editor.text, suggestions.length),
          width,
          shownSuggestions,
        )
  const queuedRows = [...commandRows, ...queuedLines(queued, width)].slice(
    0,
    Math.max(0, maxRows - draftRows.length - 2 - suggestionLines.length),
  )
  return {
    rows: queuedRows.length + draftRows.length + 2 + suggestionLines.length,
    node: (
      <>
        {queuedRows.length > 0 ? <StyledLines lines={queuedRows} /> : null}
        <Composer rows={draftRows} suggestions={suggestionLines} width={width} onKey={onKey} />
      </>
    ),
  }
}
