import { existsSync, readFileSync, statSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { createTwoFilesPatch } from 'diff'
import type { Risk } from '../../shared/permission'
import type { Json } from '../../shared/session-events'
import { LIMITS } from '../../shared/limits'
import { resolveInWorkspace } from './tools/workspace-paths'

/** What a permission prompt shows for one tool call, and what "remember" would cover. */
export interface ToolIntent {
  summary: string
  /** The full command or diff; never truncated. */
  detail: string
  risk: Risk
  /** Remember-for-turn key: the tool plus its command prefix or path. */
  intent: string
}

const DESTRUCTIVE =
  /(^|[\s;&|(])(rm|rmdir|sudo|dd|mkfs|shred|chmod|chown|kill|pkill|reboot|shutdown|truncate)\b|git\s+(push|reset|clean)|>\s*\/dev\/|curl[^|]*\|\s*(ba|z)?sh|wget[^|]*\|\s*(ba|z)?sh/

/** Programs whose first word is a subcommand that changes what they do (`git push` vs `git status`). */
const SUBCOMMAND_PROGRAMS = new Set([
  'npm',
  'npx',
  'pnpm',
  'yarn',
  'bun',
  'deno',
  'git',
  'cargo',
  'go',
  'docker',
  'kubectl',
  'pip',
  'pip3',
  'poetry',
  'uv',
  'dotnet',
  'gradle',
  'mvn',
  'make',
  'brew',
  'apt',
  'apt-get',
  'systemctl',
])

/**
 * The command prefix "remember for this turn" covers: the program, plus its subcommand for tools
 * like npm or git. `echo one` → `echo`; `npm test -- x` → `npm test`; `rm -rf build` → `rm`.
 */
export function commandPrefix(command: string): string {
  const [program = '', sub] = command.trim().split(/\s+/)
  const name = program.split('/').pop() ?? program
  return SUBCOMMAND_PROGRAMS.has(name) && sub !== undefined && /^[A-Za-z][\w:.-]*$/.test(sub)
    ? `${program} ${sub}`
    : program
}

function str(input: Json, key: string): string {
  return input !== null &&
    typeof input === 'object' &&
    !Array.isArray(input) &&
    typeof input[key] === 'string'
    ? input[key]
    : ''
}

function currentText(workspace: string, path: string): string {
  try {
    const absolute = resolveInWorkspace(workspace, path)
    if (!existsSync(absolute) || statSync(absolute).size > LIMITS.fileBytes) return ''
    return readFileSync(absolute, 'utf8')
  } catch {
    return ''
  }
}

export function describeToolCall(tool: string, input: Json, workspace: string): ToolIntent {
  if (tool === 'run_command') {
    const command = str(input, 'command')
    return {
      summary: `Run \`${command.split('\n')[0]}\`${command.includes('\n') ? ' …' : ''}`,
      detail: command,
      risk: DESTRUCTIVE.test(command) ? 'high' : 'medium',
      intent: `run_command: ${commandPrefix(command)}`,
    }
  }
  if (tool === 'write_file' || tool === 'edit_file') {
    const path = str(input, 'path')
    const before = currentText(workspace, path)
    const after =
      tool === 'write_file'
        ? str(input, 'content')
        : before.replace(str(input, 'old_text'), () => str(input, 'new_text'))
    const detail =
      tool === 'edit_file' && !before.includes(str(input, 'old_text'))
        ? `--- old_text\n${str(input, 'old_text')}\n+++ new_text\n${str(input, 'new_text')}`
        : createTwoFilesPatch(`a/${path}`, `b/${path}`, before, after, '', '', { context: 3 })
    return {
      summary:
        tool === 'write_file'
          ? `${before === '' ? 'Create' : 'Overwrite'} ${path}`
          : `Edit ${path}`,
      detail,
      risk: 'medium',
      intent: `files: ${path}`,
    }
  }
  const json = JSON.stringify(input, null, 2)
  return { summary: `Use ${tool}`, detail: json, risk: 'low', intent: tool }
}

/** sha256 of a tool input, so an approval covers exactly the input that was shown. */
export function hashInput(input: Json): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex')
}
