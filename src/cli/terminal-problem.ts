/** What `parley tui` needs to know about where it runs. */
export interface TerminalFacts {
  stdinIsTTY: boolean
  stdoutIsTTY: boolean
  /** `$TERM`. */
  term: string | undefined
  /** `$INSIDE_EMACS`: `29.1,comint` in shell-mode, `vterm` or `…,term:…` where Emacs draws a terminal. */
  insideEmacs?: string | undefined
}

const USE_RUN =
  'use `parley run "prompt"` instead (it prints the reply as plain text, or JSONL with --json)'

/**
 * Why the terminal client cannot run here, or `undefined` when it can. It needs a terminal on
 * both ends: a pipe (`parley tui | cat`) or a file gets a sentence naming the command that works
 * there.
 */
export function terminalProblem(facts: TerminalFacts): string | undefined {
  if (!facts.stdoutIsTTY) return `the output is not a terminal (a pipe or a file): ${USE_RUN}`
  if (!facts.stdinIsTTY) return `the input is not a terminal (a pipe or a file): ${USE_RUN}`
  return undefined
}

/**
 * A terminal that cannot redraw the screen — `TERM=dumb`, Emacs shell-mode (comint) — gets the
 * plain-line client: lines only, no boxes, no cursor movement, no colour.
 */
export function wantsPlainLines(facts: TerminalFacts): boolean {
  return facts.term === 'dumb' || (facts.insideEmacs ?? '').split(',').includes('comint')
}
