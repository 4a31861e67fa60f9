import { revealInvisibles } from '../tray/reveal-invisibles'

/** Text with every invisible, bidi or control character shown as a visible ⟨U+XXXX⟩ token. */
export function RevealedText({ text }: { text: string }) {
  return (
    <>
      {revealInvisibles(text).map((run, i) =>
        run.kind === 'text' ? (
          run.text
        ) : (
          <span key={i} className="invisible-char" title={`Invisible character ${run.code}`}>
            {run.text}
          </span>
        ),
      )}
    </>
  )
}
