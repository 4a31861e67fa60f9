import { type AgentConfigOption, type AgentConfigValue } from '../shared/agent-config'
import { configPickerOptions, currentValueName } from '../shared/config-pickers'
import type { SessionSummary } from '../shared/bridge'

/** What `/config …` does: say something, or set one of the agent's options to a value. */
export type ConfigCommand =
  | { kind: 'say'; text: string }
  | { kind: 'set'; option: AgentConfigOption; value: AgentConfigValue }

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/** `Name: Current (A, B, C)`: one option as /config lists it. */
function describeOption(option: AgentConfigOption): string {
  const values = option.values.map((v) => v.name).join(', ')
  return `${option.name}: ${currentValueName(option)} (${values})`
}

/**
 * The option `arg` starts with (by name or id, ignoring case; names may have spaces, so the
 * longest that fits wins) and what follows it.
 */
function splitArg(
  options: readonly AgentConfigOption[],
  arg: string,
): { option: AgentConfigOption; rest: string } | undefined {
  const lower = arg.toLowerCase()
  const found = options
    .flatMap((option) => [option.name, option.id].map((label) => ({ option, label })))
    .filter(({ label }) => {
      const l = label.toLowerCase()
      return lower === l || lower.startsWith(`${l} `)
    })
    .sort((a, b) => b.label.length - a.label.length)[0]
  return found && { option: found.option, rest: arg.slice(found.label.length).trim() }
}

/**
 * `/config` in the terminal: with no argument, the agent's settings (the same options, in the
 * same order, as the web UI's pickers: mode, model, thought level, then the rest; the mode itself
 * is `/mode`'s); `/config SETTING VALUE` sets one, each named by the agent's name or id.
 */
export function configCommand(session: SessionSummary, arg: string): ConfigCommand {
  const agent = session.agent?.name ?? 'The agent'
  if (!session.agent)
    return {
      kind: 'say',
      text: 'Only an ACP agent’s sessions have settings: /new AGENT starts one.',
    }
  const all = session.agentConfig ?? []
  const shown = configPickerOptions(all, session.agentModes?.configId)
  if (all.length === 0)
    return {
      kind: 'say',
      text: `${agent} has announced no settings yet (it does when it starts: send a message first).`,
    }
  if (arg === '') {
    const lines = shown.map(describeOption)
    return {
      kind: 'say',
      text: [
        `${agent}’s settings:`,
        ...lines.map((line) => `  ${line}`),
        '/config SETTING VALUE changes one (e.g. /config Model …); /mode switches the mode.',
      ].join('\n'),
    }
  }
  const split = splitArg(all, arg)
  if (!split) {
    const names = shown.map((o) => o.name).join(', ')
    return { kind: 'say', text: `${agent} has no setting “${arg}”: ${names}.` }
  }
  const { option, rest } = split
  if (rest === '') return { kind: 'say', text: describeOption(option) }
  const value = option.values.find((v) => same(v.value, rest) || same(v.name, rest))
  if (!value)
    return {
      kind: 'say',
      text: `No “${rest}” for ${option.name}: ${option.values.map((v) => v.name).join(', ')}.`,
    }
  if (value.value === option.currentValue)
    return { kind: 'say', text: `${option.name} is ${value.name} already.` }
  return { kind: 'set', option, value }
}
