import { toJsxRuntime } from 'hast-util-to-jsx-runtime'
import { Fragment, jsx, jsxs } from 'react/jsx-runtime'
import {
  grammarFor,
  grammarReady,
  grammarsVersion,
  highlightCode,
  subscribeGrammars,
} from '../markdown/highlighter'
import { createContext, useContext, useMemo, useSyncExternalStore } from 'react'
import type { DiffHunk, DiffView } from '../../ui-common/diff-view'
import { changedWords, type LineSegment } from '../../ui-common/diff-words'
import { revealInvisibles } from '../tray/reveal-invisibles'
import { RevealedText } from './revealed-text'

/** The grammar of the file the diff is for (by its extension), if Parley has one. */
const GrammarContext = createContext<string | undefined>(undefined)

/**
 * One line of code, syntax-coloured once its grammar has loaded. A line holding an invisible or
 * direction-changing character is never coloured: it shows plain with each such character made
 * visible, as everywhere a person approves text.
 */
function CodeLine({ text }: { text: string }) {
  const grammar = useContext(GrammarContext)
  useSyncExternalStore(subscribeGrammars, grammarsVersion)
  const plain = revealInvisibles(text).some((run) => run.kind === 'marker')
  if (!grammar || plain || !grammarReady(grammar)) return <RevealedText text={text} />
  return <>{toJsxRuntime(highlightCode(grammar, text), { Fragment, jsx, jsxs })}</>
}

/** The grammar for a file path's extension. */
function grammarOfPath(path: string | undefined): string | undefined {
  const extension = path ? /\.([A-Za-z0-9]+)$/.exec(path)?.[1] : undefined
  return extension ? grammarFor(extension) : undefined
}

const SIGN = { add: '+', del: '−', ctx: ' ' } as const
const SIGN_NAME = { add: 'added', del: 'removed', ctx: '' } as const

/**
 * A changed line whose changed words are marked: plain text (no syntax colours, which would hide
 * the marks), each changed stretch a `<mark>` with its invisible characters shown.
 */
function MarkedLine({ segments, kind }: { segments: LineSegment[]; kind: 'add' | 'del' }) {
  return (
    <>
      {segments.map((segment, i) =>
        segment.changed ? (
          <mark key={i} className={`diff-word diff-word-${kind}`}>
            <RevealedText text={segment.text} />
          </mark>
        ) : (
          <RevealedText key={i} text={segment.text} />
        ),
      )}
    </>
  )
}

function Hunk({ hunk, first }: { hunk: DiffHunk; first: boolean }) {
  const marks = useMemo(() => changedWords(hunk.rows), [hunk.rows])
  return (
    <tbody>
      {!first && (
        <tr className="diff-gap">
          <td colSpan={4}>⋯ line {hunk.newStart}</td>
        </tr>
      )}
      {hunk.rows.map((row, i) =>
        row.kind === 'note' ? (
          <tr key={i} className="diff-note">
            <td colSpan={4}>{row.text}</td>
          </tr>
        ) : (
          <tr key={i} className={`diff-${row.kind}`}>
            <td className="diff-no">{row.oldNo ?? ''}</td>
            <td className="diff-no">{row.newNo ?? ''}</td>
            <td className="diff-sign">
              <span aria-hidden="true">{SIGN[row.kind]}</span>
              {SIGN_NAME[row.kind] && (
                <span className="visually-hidden">{SIGN_NAME[row.kind]}</span>
              )}
            </td>
            <td className="diff-text">
              {row.kind !== 'ctx' && marks.has(i) ? (
                <MarkedLine segments={marks.get(i) ?? []} kind={row.kind} />
              ) : (
                <CodeLine text={row.text} />
              )}
            </td>
          </tr>
        ),
      )}
    </tbody>
  )
}

/**
 * A write or edit as a reviewer reads it: coloured gutters, both sides' line numbers, no patch
 * headers, the code syntax-coloured by the file's extension (`path`); a new file as its content;
 * "No changes" when the file would stay the same.
 */
export function PermissionDiff({ view, path }: { view: DiffView; path?: string | undefined }) {
  return (
    <GrammarContext.Provider value={grammarOfPath(path)}>
      <DiffBody view={view} />
    </GrammarContext.Provider>
  )
}

function DiffBody({ view }: { view: DiffView }) {
  switch (view.kind) {
    case 'no_change':
      return <p className="diff-empty">No changes: the file already has exactly this content.</p>
    case 'text':
      return (
        <pre className="diff-plain">
          <RevealedText text={view.text} />
        </pre>
      )
    case 'new_file':
      return (
        <table className="diff diff-new-file">
          <caption className="visually-hidden">New file content</caption>
          <tbody>
            {view.lines.map((line, i) => (
              <tr key={i} className="diff-add">
                <td className="diff-no">{i + 1}</td>
                <td className="diff-text">
                  <CodeLine text={line} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )
    case 'changes':
      return (
        <table className="diff">
          <caption className="visually-hidden">
            Changes: {view.added} lines added, {view.removed} removed
          </caption>
          {view.hunks.map((hunk, i) => (
            <Hunk key={i} hunk={hunk} first={i === 0} />
          ))}
        </table>
      )
  }
}
