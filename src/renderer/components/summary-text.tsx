import { summaryPieces } from '../tray/command-view'
import { RevealedText } from './revealed-text'

/** A one-line summary with its `quoted` parts as code chips, invisible characters revealed. */
export function SummaryText({ text }: { text: string }) {
  return (
    <>
      {summaryPieces(text).map((piece, i) =>
        piece.kind === 'code' ? (
          <code key={i} className="chip">
            <RevealedText text={piece.text} />
          </code>
        ) : (
          <RevealedText key={i} text={piece.text} />
        ),
      )}
    </>
  )
}

/** One entry of what Remember covers: written with backticks, or a bare command or path. */
export function ScopeEntry({ text }: { text: string }) {
  return text.includes('`') ? (
    <SummaryText text={text} />
  ) : (
    <code className="chip">
      <RevealedText text={text} />
    </code>
  )
}
