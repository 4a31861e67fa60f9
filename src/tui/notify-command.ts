import { TerminalNotifySchema } from '../shared/settings'
import { desktopEscape, type NotifyChoice, type TerminalEnv } from './attention-signal'

/** What `/notify [choice]` does: say what is chosen, or choose. */
export type NotifyCommand =
  { kind: 'say'; text: string } | { kind: 'set'; choice: NotifyChoice; done: string }

const DOES: Record<NotifyChoice, string> = {
  auto: 'the bell, and a desktop notification where this terminal shows them',
  off: 'nothing',
  bell: 'the bell',
  desktop: 'the bell and a desktop notification',
}

/** Reads `/notify`'s argument against the current choice and this terminal. */
export function notifyCommand(arg: string, current: NotifyChoice, env: TerminalEnv): NotifyCommand {
  const word = arg.trim().toLowerCase()
  if (word === '') {
    const terminal =
      desktopEscape(env) !== null
        ? 'This terminal shows desktop notifications'
        : 'This terminal is not known to show desktop notifications'
    const tmux = env.TMUX ? ' (inside tmux they need `set -g allow-passthrough on`)' : ''
    return {
      kind: 'say',
      text: `A prompt that arrives sends ${DOES[current]} (/notify ${current}). ${terminal}${tmux}. /notify off|bell|desktop|auto changes it.`,
    }
  }
  const choice = TerminalNotifySchema.safeParse(word)
  if (!choice.success)
    return { kind: 'say', text: `/notify takes off, bell, desktop or auto, not “${arg.trim()}”.` }
  return {
    kind: 'set',
    choice: choice.data,
    done: `A prompt that arrives now sends ${DOES[choice.data]}.`,
  }
}
