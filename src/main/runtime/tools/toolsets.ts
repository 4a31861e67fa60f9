import type { ToolDefinition } from './tool-types'
import {
  editFileTool,
  listFilesTool,
  readFileTool,
  searchFilesTool,
  writeFileTool,
} from './file-tools'
import { runCommandTool } from './run-command-tool'
import { askUserQuestionTool } from './ask-user-question-tool'
import { taskTool } from './task-tool'

/**
 * Who the agent is decides its tools: an interactive root agent (desktop, web, TUI) has them all;
 * a headless root (`parley run`, nobody to ask) has no AskUserQuestion; a child agent (Task) has
 * neither AskUserQuestion nor Task.
 */
export type AgentKind = 'interactive' | 'headless' | 'child'

const BASE_TOOLS: readonly ToolDefinition[] = [
  readFileTool,
  listFilesTool,
  searchFilesTool,
  writeFileTool,
  editFileTool,
  runCommandTool,
]

export function toolsetFor(kind: AgentKind): ReadonlyMap<string, ToolDefinition> {
  const tools = [...BASE_TOOLS]
  if (kind !== 'child') tools.push(taskTool)
  if (kind === 'interactive') tools.push(askUserQuestionTool)
  return new Map(tools.map((tool) => [tool.name, tool]))
}
