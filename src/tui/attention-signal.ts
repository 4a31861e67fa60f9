import type { PendingInteraction } from '../shared/interactions'
import type { TerminalNotify } from '../shared/settings'

/** The environment variables that say what terminal this is. */
export type TerminalEnv = Readonly<Record<string, string | undefined>>

/** How a terminal can show a desktop notification: OSC 9 (most), OSC 777 (foot), or not. */
export type DesktopEscape = 'osc9' | 'osc777' | null

/**
 * The notification escape of the terminals known to show one as a desktop notification:
 * iTerm2, kitty, WezTerm, Ghostty (OSC 9) and foot (OSC 777), by `TERM_PROGRAM` or `TERM`.
 * Unknown terminals get null: an escape they do not know could be drawn as text.
 */
export function desktopEscape(env: TerminalEnv): DesktopEscape {
  const program = (env.TERM_PROGRAM ?? '').toLowerCase()
  const term = (env.TERM ?? '').toLowerCase()
  if (term.startsWith('foot')) return 'osc777'
  if (['iterm.app', 'wezterm', 'ghostty', 'kitty'].includes(program)) return 'osc9'
  if (term === 'xterm-kitty' || term === 'xterm-ghostty' || term.startsWith('wezterm'))
    return 'osc9'
  if (env.KITTY_WINDOW_ID) return 'osc9'
  return null
}

/** What the person chose (`/notify`, the `terminalNotify` setting), `auto` when nothing. */
export type NotifyChoice = TerminalNotify

/**
 * What is sent: nothing into a pipe or when off; the bell alone in a dumb terminal, one not
 * known to show notifications (under `auto`) or when the bell was chosen; else the bell and the
 * notification escape.
 */
export function signalKind(
  choice: NotifyChoice,
  env: TerminalEnv,
  isTTY: boolean,
): 'none' | 'bell' | 'desktop' {
  if (!isTTY || choice === 'off') return 'none'
  if ((env.TERM ?? '') === 'dumb' || choice === 'bell') return 'bell'
  if (choice === 'desktop') return 'desktop'
  return desktopEscape(env) ? 'desktop' : 'bell'
}

const BEL = '\u0007'
const ESC = '\u001b'

/** Text fit for an escape's payload: no control characters, no `;` (OSC 777's separator), short. */
const payloadText = (text: string, max: number): string => {
  const plain = text
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f;]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const chars = [...plain]
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : plain
}

/** `sequence` wrapped in tmux's passthrough (every ESC doubled), so tmux hands it on. */
export const tmuxPassthrough = (sequence: string): string =>
  `${ESC}Ptmux;${sequence.replaceAll(ESC, `${ESC}${ESC}`)}${ESC}\\`

/**
 * The bytes to write when a prompt arrives: BEL, then (for `desktop`) the notification escape
 * with its title and body, wrapped for tmux passthrough inside tmux. Empty for `none`.
 */
export function attentionBytes(options: {
  choice: NotifyChoice
  env: TerminalEnv
  isTTY: boolean
  title: string
  body: string
}): string {
  const { choice, env, isTTY } = options
  const kind = signalKind(choice, env, isTTY)
  switch (kind) {
    case 'none':
      return ''
    case 'bell':
      return BEL
    case 'desktop': {
      const title = payloadText(options.title, 80)
      const body = payloadText(options.body, 200)
      const osc =
        desktopEscape(env) === 'osc777'
          ? `${ESC}]777;notify;${title};${body}${BEL}`
          : `${ESC}]9;${body === '' ? title : `${title}: ${body}`}${BEL}`
      return BEL + (env.TMUX ? tmuxPassthrough(osc) : osc)
    }
    default:
      return kind satisfies never
  }
}

/** What a prompt asks, in one line: the question, the command, the request's title. */
export function whatIsAsked(interaction: PendingInteraction): string {
  switch (interaction.kind) {
    case 'permission':
      return interaction.summary
    case 'question':
      return interaction.questions[0]?.question ?? ''
    case 'agent_permission':
      return interaction.title
    case 'form':
      return interaction.form.message
    default:
      return interaction satisfies never
  }
}
