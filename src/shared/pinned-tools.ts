import type { Json } from './session-events'

/**
 * What a tool does, for the permission policy and for how the UIs show its calls: `read` never
 * asks; `edit` changes files inside the workspace (allowed in execute mode; its prompt shows a
 * diff); `command` runs programs (asks in ask and execute modes; its prompt shows the command);
 * `ask` and `delegate` (AskUserQuestion, Task) never ask themselves (a child's calls do);
 * `external` is another program's tool (an MCP server's `mcp__server__tool`).
 */
export type ToolCategory = 'read' | 'edit' | 'command' | 'ask' | 'delegate' | 'external'

/** A JSON object: a tool's input as the log holds it. */
export type JsonObject = { [key: string]: Json }

/** What every part of Parley knows about one pinned tool, whichever process it runs in. */
export interface PinnedTool {
  category: ToolCategory
  /**
   * What one call is about, in a few words for a one-line summary (the path, the command, the
   * question count); undefined when its input does not say (the summary then falls back to the
   * input itself). Raw text: each UI flattens it to one line and reveals hidden characters.
   */
  describe(input: JsonObject): string | undefined
}

const text = (value: Json | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined

/** A call described by one field of its input; `missing` when the field is left out. */
const byField =
  (field: string, missing?: string) =>
  (input: JsonObject): string | undefined =>
    text(input[field]) ?? (input[field] === undefined ? missing : undefined)

/**
 * The pinned tools (docs/extending.md), keyed by name. The runtime's tool definitions take their
 * category from here, and both UIs their descriptions, so a tool is described in one place.
 */
export const PINNED_TOOLS = {
  read_file: { category: 'read', describe: byField('path') },
  // Without a path it lists the workspace root.
  list_files: { category: 'read', describe: byField('path', '.') },
  search_files: { category: 'read', describe: byField('query') },
  write_file: { category: 'edit', describe: byField('path') },
  edit_file: { category: 'edit', describe: byField('path') },
  run_command: { category: 'command', describe: byField('command') },
  AskUserQuestion: {
    category: 'ask',
    describe: ({ questions }) =>
      Array.isArray(questions)
        ? `${questions.length} question${questions.length === 1 ? '' : 's'}`
        : undefined,
  },
  Task: { category: 'delegate', describe: byField('description') },
} as const satisfies Record<string, PinnedTool>

export type PinnedToolName = keyof typeof PINNED_TOOLS

/** The pinned tool of this name; undefined for any other (an MCP server's, a name a model made up). */
export function pinnedTool(name: string): PinnedTool | undefined {
  return Object.hasOwn(PINNED_TOOLS, name) ? PINNED_TOOLS[name as PinnedToolName] : undefined
}

/** A tool's category by name: a pinned tool's own; any other tool is another program's. */
export function toolCategory(name: string): ToolCategory {
  return pinnedTool(name)?.category ?? 'external'
}
