import { RequestError } from '@agentclientprotocol/sdk'
import type * as acp from '@agentclientprotocol/sdk'
import { LIMITS } from '../../../shared/limits'
import type { PolicyOutcome } from '../interactions/asker'
import { ToolError } from '../tools/tool-types'
import { readWorkspaceText, replaceWorkspaceFile } from '../tools/workspace-file-io'
import { displayPath, resolveInWorkspace } from '../tools/workspace-paths'

/** JSON-RPC error code for a write Parley's permission policy refused (server-defined range). */
export const PERMISSION_DENIED = -32001

/** JSON-RPC's "Invalid params": what Parley answers an agent whose request it cannot take. */
export const INVALID_PARAMS = -32602

/**
 * A path an agent named, resolved inside the session's workspace with the same containment rules
 * as Parley's own file tools (absolute paths are fine when they lead inside). Outside: an error
 * the agent can show.
 */
export function resolveAgentPath(workspace: string, path: string): string {
  try {
    return resolveInWorkspace(workspace, path)
  } catch (error) {
    if (error instanceof ToolError) throw new RequestError(INVALID_PARAMS, error.message)
    throw error
  }
}

/** `fs/read_text_file`: a UTF-8 file inside the workspace, optionally from `line` for `limit` lines. */
export async function readTextFile(
  workspace: string,
  params: acp.ReadTextFileRequest,
): Promise<acp.ReadTextFileResponse> {
  const target = resolveAgentPath(workspace, params.path)
  const shown = displayPath(workspace, target)
  const read = await readWorkspaceText(target, shown)
  if (!read.ok) {
    if (read.reason === 'missing' || read.reason === 'not_file')
      throw RequestError.resourceNotFound(params.path)
    throw new RequestError(INVALID_PARAMS, read.message)
  }
  const content = read.text
  const line = params.line ?? null
  const limit = params.limit ?? null
  if (line === null && limit === null) return { content }
  const lines = content.split('\n')
  const start = Math.max(0, (line ?? 1) - 1)
  const end = limit === null ? lines.length : start + Math.max(0, limit)
  return { content: lines.slice(start, end).join('\n') }
}

/**
 * `fs/write_text_file`: inside the workspace only, at most `LIMITS.fileBytes`, and only when
 * `authorize` (Parley's permission policy, or an approval the person already gave for this very
 * file) allows it.
 */
export async function writeTextFile(
  workspace: string,
  params: acp.WriteTextFileRequest,
  authorize: (write: { target: string; shown: string; content: string }) => Promise<PolicyOutcome>,
): Promise<void> {
  const target = resolveAgentPath(workspace, params.path)
  const bytes = Buffer.byteLength(params.content, 'utf8')
  if (bytes > LIMITS.fileBytes) {
    throw new RequestError(
      INVALID_PARAMS,
      `the content is ${bytes} bytes; Parley writes files up to ${LIMITS.fileBytes} bytes`,
    )
  }
  const shown = displayPath(workspace, target)
  const outcome = await authorize({ target, shown, content: params.content })
  if (!outcome.allowed) throw new RequestError(PERMISSION_DENIED, outcome.message)
  await replaceWorkspaceFile(target, params.content)
}
