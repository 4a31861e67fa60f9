/** What `parley tui` needs to know about where it runs. */
export interface TerminalFacts {
  stdinIsTTY: boolean
  stdoutIsTTY: boolean
  /** `$TERM`. */
  term: string | undefined
}

const USE_RUN =
  'use `parley run "prompt"` instead (it prints the reply as plain text, or JSONL with --json)'

/**
 * Why the terminal client cannot draw here, or `undefined` when it can. It redraws part of the
 * screen with cursor movement and draws boxes, so it needs a terminal on both ends that
 * understands that: a pipe (`parley tui | cat`) or a dumb terminal (Emacs shell-mode,
 * `TERM=dumb`) gets a sentence naming the command that works there.
 */
export function terminalProblem(facts: TerminalFacts): string | undefined {
  if (!facts.stdoutIsTTY) return `the output is not a terminal (a pipe or a file): ${USE_RUN}`
  if (!facts.stdinIsTTY) return `the input is not a terminal (a pipe or a file): ${USE_RUN}`
  if (facts.term === 'dumb')
    return `TERM=dumb cannot redraw the screen (Emacs shell-mode is such a terminal): ${USE_RUN}, or run parley tui in a full terminal (M-x vterm or ansi-term in Emacs)`
  return undefined
}
