import { z } from 'zod'
import { PINNED_TOOLS } from '../../../shared/pinned-tools'
import { defineTool } from './tool-types'

/** A child agent: its first user message is `prompt`; it cannot ask the user or start more tasks. */
export const taskTool = defineTool({
  name: 'Task',
  description:
    'Delegate a self-contained piece of work to a child agent. `prompt` is its full instruction; it has the file and command tools but cannot ask the user questions. Returns {"result": its final answer}.',
  inputSchema: z.strictObject({
    description: z.string().min(1).max(200),
    prompt: z.string().min(1).max(50_000),
  }),
  category: PINNED_TOOLS.Task.category,
  async execute({ description, prompt }, { runChild }) {
    return { result: await runChild(description, prompt) }
  },
})
