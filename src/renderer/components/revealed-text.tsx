import type { InvisibleMode } from '../../shared/reveal-invisibles'
import { revealInvisibles } from '../tray/reveal-invisibles'

/**
 * Text with every invisible, bidi or control character shown as a visible ⟨U+XXXX⟩ token
 * (`code`, the default); `prose` lets emoji sequences through.
 */
export function RevealedText({ text, mode = 'code' }: { text: string; mode?: InvisibleMode }) {
  return (
    <>
      {revealInvisibles(text, mode).map((run, i) =>
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
