import { createHash } from 'node:crypto'

/**
 * Tool names as Parley's agent sees them: `mcp__<server>__<tool>`. Providers accept
 * `^[a-zA-Z0-9_-]{1,64}$` (OpenAI's rule, the strictest in use), so other characters become `_`
 * and a long name is cut and given a short hash of the original. A name that needed no change keeps
 * it; when two tools would share a name, each one whose name had to be changed (or, between two
 * unchanged ones, every one after the first by server then tool) gets the hash suffix instead. The
 * result depends only on the set of tools, never on the order servers answered in.
 */

export const MAX_TOOL_NAME = 64
const PREFIX = 'mcp__'
const SEPARATOR = '__'

export interface ToolKey {
  server: string
  tool: string
}

function sanitize(part: string): string {
  return part.replace(/[^A-Za-z0-9_-]/g, '_')
}

function shortHash({ server, tool }: ToolKey, salt: number): string {
  return createHash('sha256')
    .update(`${server}\u0000${tool}\u0000${salt}`)
    .digest('hex')
    .slice(0, 8)
}

function withHash(name: string, key: ToolKey, salt = 0): string {
  const suffix = `_${shortHash(key, salt)}`
  return `${name.slice(0, MAX_TOOL_NAME - suffix.length)}${suffix}`
}

/** The name before collisions are considered, and whether it is exactly what the parts spell. */
function candidate(key: ToolKey): { name: string; exact: boolean } {
  const plain = `${PREFIX}${key.server}${SEPARATOR}${key.tool}`
  const name = `${PREFIX}${sanitize(key.server)}${SEPARATOR}${sanitize(key.tool)}`
  if (name.length > MAX_TOOL_NAME) return { name: withHash(name, key), exact: false }
  return { name, exact: name === plain && key.server !== '' && key.tool !== '' }
}

const compareKeys = (a: ToolKey, b: ToolKey) =>
  a.server === b.server ? (a.tool < b.tool ? -1 : 1) : a.server < b.server ? -1 : 1

/**
 * Assigns every tool its agent-facing name. The returned map is keyed like the input (one entry per
 * key object) and every name in it is distinct and valid for providers.
 */
export function assignToolNames(keys: readonly ToolKey[]): Map<ToolKey, string> {
  const groups = new Map<string, Array<{ key: ToolKey; exact: boolean }>>()
  for (const key of keys) {
    const { name, exact } = candidate(key)
    const group = groups.get(name) ?? []
    group.push({ key, exact })
    groups.set(name, group)
  }
  const names = new Map<ToolKey, string>()
  const taken = new Set<string>()
  const rest: ToolKey[] = []
  for (const [name, group] of groups) {
    const keeper = group
      .filter((member) => member.exact || group.length === 1)
      .map((member) => member.key)
      .sort(compareKeys)[0]
    for (const { key } of group) {
      if (key === keeper) {
        names.set(key, name)
        taken.add(name)
      } else rest.push(key)
    }
  }
  for (const key of rest.sort(compareKeys)) {
    const base = candidate(key).name
    let name = withHash(base, key)
    // A hash suffix colliding with a real name is astronomically unlikely; stay correct anyway.
    for (let salt = 1; taken.has(name); salt++) name = withHash(base, key, salt)
    names.set(key, name)
    taken.add(name)
  }
  return names
}
