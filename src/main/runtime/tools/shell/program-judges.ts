import type { Risk } from '../../../../shared/permission'
import type { SandboxExit } from '../../sandbox/sandbox-policy'
import type { ShellAssignment, ShellWord } from './command-parts'
import { placeOf, type LineFacts } from './path-risk'
import { HIGH_RISK_SUBCOMMANDS, NETWORK_SUBCOMMANDS, STARTUP_VARIABLES } from './program-kinds'

/*
 * The review's verdicts on programs whose risk depends on their arguments alone (curl's uploads,
 * git's subcommands, ln, cd, shell variables), and the helpers for reading their words;
 * `part-review.ts` puts them together with the judgement of the whole command.
 */

export const isOption = (word: ShellWord): boolean =>
  word.value === null || word.value.startsWith('-')

/** The first word of the command a wrapper (`env`, `timeout 5`, `nice -n 5`, `xargs`) runs. */
export function wrappedCommand(args: readonly ShellWord[]): ShellWord[] {
  const start = args.findIndex(
    (word) =>
      word.value !== null &&
      !word.value.startsWith('-') &&
      !word.value.includes('=') &&
      !/^[\d.]+[smhd]?$/.test(word.value),
  )
  return start === -1 ? [] : args.slice(start)
}

/** Upload options of curl and wget: they send a file (or stdin) somewhere. */
export function uploads(name: string, args: readonly ShellWord[]): boolean {
  const values = args.map((word) => word.value ?? word.text)
  if (name === 'wget')
    return values.some((v) => /^--(post|body)-file\b/.test(v) || v === '--method=PUT')
  if (name !== 'curl') return false
  return values.some((value, i) => {
    const next = values[i + 1] ?? ''
    if (/^(-d|--data|--data-binary|--data-urlencode|--json)$/.test(value)) return next.includes('@')
    if (/^(-d|--data(-binary|-urlencode)?=|--json=)/.test(value)) return value.includes('@')
    if (/^(-F|--form)$/.test(value)) return /=[@<]/.test(next)
    if (/^(-F|--form=)/.test(value)) return /=[@<]/.test(value)
    return /^(-T|--upload-file)/.test(value)
  })
}

export interface CommandVerdict {
  risk: Risk
  why?: string
  /** False when it is never remembered (inline code, another command it runs, high risk). */
  remember: boolean
  /** What it needs beyond the sandbox. */
  exits?: SandboxExit[]
}

/** Options that come before a subcommand with a value of their own (`git -C dir push`). */
export const GLOBAL_OPTIONS_WITH_VALUE = new Set([
  '-C',
  '-c',
  '--git-dir',
  '--work-tree',
  '--prefix',
])

/** The subcommand: the first word that is neither an option nor an option's value. */
export function subcommandOf(args: readonly ShellWord[]): string | null {
  for (const [i, word] of args.entries()) {
    if (isOption(word)) continue
    if (i > 0 && GLOBAL_OPTIONS_WITH_VALUE.has(args[i - 1]?.value ?? '')) continue
    return word.value
  }
  return null
}

export function judgeSubcommand(name: string, args: readonly ShellWord[]): CommandVerdict {
  const sub = subcommandOf(args)
  if (sub === null) return { risk: 'medium', remember: true }
  const high = HIGH_RISK_SUBCOMMANDS.get(name)?.get(sub)
  if (high)
    return {
      risk: 'high',
      why: high,
      remember: false,
      ...(NETWORK_SUBCOMMANDS.get(name)?.has(sub) ? { exits: ['network' as const] } : {}),
    }
  if (NETWORK_SUBCOMMANDS.get(name)?.has(sub))
    return {
      risk: 'medium',
      why: `${name} ${sub} downloads or publishes`,
      remember: false,
      exits: ['network'],
    }
  return { risk: 'medium', remember: true }
}

/** `ln`: a link that leads outside is named (a write through it later lands there). */
export function judgeLink(args: readonly ShellWord[], facts: LineFacts): CommandVerdict {
  const outside = args
    .filter((word) => !isOption(word))
    .slice(0, -1)
    .find((word) => placeOf(word, facts).kind === 'outside')
  return outside
    ? {
        risk: 'medium',
        why: `makes a link to outside the workspace (${outside.value ?? outside.text})`,
        remember: true,
      }
    : { risk: 'medium', remember: true }
}

export function judgeFolderChange(
  program: string,
  args: readonly ShellWord[],
  facts: LineFacts,
): CommandVerdict {
  const target = args.find((word) => !isOption(word))
  if (target === undefined || target.value === '-')
    return {
      risk: 'high',
      why: 'moves outside the workspace, so the parts after it act there',
      remember: false,
      exits: ['writeOutside'],
    }
  const place = placeOf(target, { ...facts, changesFolder: false })
  if (place.kind === 'outside')
    return {
      risk: 'high',
      why: `moves outside the workspace (${place.shown}), so the parts after it act there`,
      remember: false,
      exits: ['writeOutside'],
    }
  return { risk: 'medium', remember: true }
}

export const ASSIGNMENT_WHY = 'sets shell variables that the parts after it see (never remembered)'

export function judgeAssignments(
  assignments: readonly ShellAssignment[],
): CommandVerdict | undefined {
  const startup = assignments.find((a) => STARTUP_VARIABLES.test(a.name))
  return startup
    ? {
        risk: 'high',
        why: `changes how programs start or which program runs (${startup.name})`,
        remember: false,
      }
    : undefined
}
