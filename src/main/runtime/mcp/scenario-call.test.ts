import { streamText } from 'ai'
import { describe, expect, it } from 'vitest'
import { ScenarioSchema } from '../../../shared/scenario'
import { createScenarioModel } from '../models/scenario-model'
import { aiToolsFor } from '../turns/model-step'
import { mcpToolDefinition } from './mcp-hub'
import type { McpTool } from '../tools/mcp-tool'
import { MAX_TOOL_NAME } from './tool-names'

function mcpTool(name: string): McpTool {
  return {
    name,
    server: 'everything',
    serverToolName: 'echo',
    description: 'Echoes back the input string',
    inputSchema: {
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
      $schema: 'http://json-schema.org/draft-07/schema#',
    },
    readOnlyHint: true,
    destructiveHint: false,
  }
}

/** MCP tools exactly as a turn's step offers them to the model. */
function offered(tools: McpTool[]) {
  const notCalled = {
    tools: () => tools,
    call: () => Promise.reject(new Error('not called in these tests')),
  }
  return aiToolsFor(new Map(tools.map((t) => [t.name, mcpToolDefinition(t, notCalled)])))
}

/** The tool calls the scripted fake backend makes when offered these MCP tools. */
async function scriptedCalls(tools: McpTool[], scenario: unknown) {
  const model = createScenarioModel(ScenarioSchema.parse(scenario), { mode: 'ask', delayMs: 0 })
  const result = streamText({
    model,
    messages: [{ role: 'user', content: 'go' }],
    tools: offered(tools),
  })
  const calls: Array<{ toolName: string; input: unknown }> = []
  for await (const part of result.stream)
    if (part.type === 'tool-call') calls.push({ toolName: part.toolName, input: part.input })
  return calls
}

describe('MCP tools in a scenario’s call list', () => {
  it('are called by their mcp__<server>__<tool> name with the scripted input', async () => {
    const calls = await scriptedCalls([mcpTool('mcp__everything__echo')], {
      turns: [{ steps: [{ call: [{ tool: 'mcp__everything__echo', input: { message: 'hi' } }] }] }],
    })
    expect(calls).toEqual([{ toolName: 'mcp__everything__echo', input: { message: 'hi' } }])
  })

  it('accept the longest name Parley gives a tool', async () => {
    const longest = `mcp__${'s'.repeat(20)}__${'t'.repeat(MAX_TOOL_NAME - 27)}`
    expect(longest).toHaveLength(MAX_TOOL_NAME)
    const calls = await scriptedCalls([mcpTool(longest)], {
      turns: [{ steps: [{ call: [{ tool: longest, input: { message: 'x' } }] }] }],
    })
    expect(calls.map((call) => call.toolName)).toEqual([longest])
  })

  it('are listed by {{tools}} beside the others', async () => {
    const model = createScenarioModel(
      ScenarioSchema.parse({ turns: [{ steps: [{ say: 'tools: {{tools}}' }] }] }),
      { mode: 'ask', delayMs: 0 },
    )
    const result = streamText({
      model,
      messages: [{ role: 'user', content: 'go' }],
      tools: offered([mcpTool('mcp__everything__echo'), mcpTool('mcp__everything__get-sum')]),
    })
    expect(await result.text).toBe('tools: mcp__everything__echo,mcp__everything__get-sum')
  })
})
