import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js'
import { LIMITS } from '../../../shared/limits'
import type { Json } from '../../../shared/session-events'
import type { McpToolOutcome } from '../tools/mcp-tool'
import { truncate } from '../../../shared/truncate'

/**
 * Bounds for what one MCP tool result may put in the session log (and so in the model's context).
 * Text shares Parley's command-output budget; images are kept inline only when small (the tray and
 * tool card can show them), otherwise described by size; audio and binary resources are always
 * described, never stored.
 */
export const RESULT_LIMITS = {
  textChars: LIMITS.commandOutput,
  items: 100,
  imageBase64: 32_768,
  imagesBase64Total: 65_536,
  structuredBytes: 16_384,
  field: 4_096,
} as const

const BASE64 = /^[A-Za-z0-9+/=\r\n]*$/

function bounded(value: string, max: number = RESULT_LIMITS.field): string {
  return truncate(value, max)
}

function decodedBytes(base64: string): number {
  const clean = base64.replace(/[\r\n]/g, '')
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding)
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** Plain JSON (drops undefined, functions); null for anything that does not serialize. */
function toJson(value: unknown): Json {
  try {
    return JSON.parse(JSON.stringify(value ?? null)) as Json
  } catch {
    return null
  }
}

interface Budget {
  /** The text items' kept text, in order (an error result's message). */
  texts: string[]
  text: number
  images: number
  notes: string[]
}

function takeText(value: string, budget: Budget): string {
  if (value.length <= budget.text) {
    budget.text -= value.length
    return value
  }
  const kept = value.slice(0, Math.max(0, budget.text))
  const cut = value.length - kept.length
  budget.text = 0
  return `${kept}\n…[${cut} more characters cut: the result was longer than ${RESULT_LIMITS.textChars} characters]`
}

function convertBlock(block: ContentBlock, index: number, budget: Budget): Json {
  switch (block.type) {
    case 'text': {
      const text = takeText(block.text, budget)
      budget.texts.push(text)
      return { type: 'text', text }
    }
    case 'image': {
      const bytes = decodedBytes(block.data)
      const mimeType = bounded(block.mimeType, 100)
      const fits =
        block.data.length <= RESULT_LIMITS.imageBase64 &&
        block.data.length <= budget.images &&
        BASE64.test(block.data)
      if (fits) {
        budget.images -= block.data.length
        return { type: 'image', mimeType, bytes, data: block.data.replace(/[\r\n]/g, '') }
      }
      budget.notes.push(
        `image ${index + 1} (${mimeType}, ${size(bytes)}) was not kept: images over ${size(
          RESULT_LIMITS.imageBase64,
        )} are described, not stored`,
      )
      return { type: 'image', mimeType, bytes }
    }
    case 'audio':
      return {
        type: 'audio',
        mimeType: bounded(block.mimeType, 100),
        bytes: decodedBytes(block.data),
      }
    case 'resource_link':
      return {
        type: 'resource_link',
        uri: bounded(block.uri),
        name: bounded(block.name),
        ...(block.title !== undefined ? { title: bounded(block.title) } : {}),
        ...(block.description !== undefined ? { description: bounded(block.description) } : {}),
        ...(block.mimeType !== undefined ? { mimeType: bounded(block.mimeType, 100) } : {}),
      }
    case 'resource': {
      const resource = block.resource
      const base = {
        type: 'resource',
        uri: bounded(resource.uri),
        ...(resource.mimeType !== undefined ? { mimeType: bounded(resource.mimeType, 100) } : {}),
      }
      return 'text' in resource
        ? { ...base, text: takeText(resource.text, budget) }
        : { ...base, bytes: decodedBytes(resource.blob) }
    }
  }
}

/**
 * A server's `tools/call` result as Parley's tool result: bounded JSON for the log, the tool card
 * and the model. `isError` results become `{ error }` with the server's text, so the model reads
 * them like any failed tool.
 */
export function toToolOutcome(result: CallToolResult): McpToolOutcome {
  const budget: Budget = {
    texts: [],
    text: RESULT_LIMITS.textChars,
    images: RESULT_LIMITS.imagesBase64Total,
    notes: [],
  }
  const blocks = result.content.slice(0, RESULT_LIMITS.items)
  if (result.content.length > blocks.length)
    budget.notes.push(
      `${result.content.length - blocks.length} more content items were left out (limit ${RESULT_LIMITS.items})`,
    )
  const content = blocks.map((block, index) => convertBlock(block, index, budget))
  const output: { [key: string]: Json } = {}
  if (result.structuredContent !== undefined) {
    const structured = toJson(result.structuredContent)
    const length = JSON.stringify(structured).length
    if (length <= RESULT_LIMITS.structuredBytes) output.structuredContent = structured
    else
      budget.notes.push(
        `structured content of ${size(length)} was left out (limit ${size(RESULT_LIMITS.structuredBytes)})`,
      )
  }
  if (result.isError === true) {
    const rest = content.filter((_, index) => blocks[index]?.type !== 'text')
    const message = budget.texts.join('\n')
    return {
      output: {
        error: message === '' ? 'the tool reported an error without a message' : message,
        ...(rest.length > 0 ? { content: rest } : {}),
        ...output,
        ...(budget.notes.length > 0 ? { notes: budget.notes } : {}),
      },
      isError: true,
    }
  }
  return {
    output: {
      content,
      ...output,
      ...(budget.notes.length > 0 ? { notes: budget.notes } : {}),
    },
    isError: false,
  }
}
