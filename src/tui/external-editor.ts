import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'shell-quote'

/** What editing the draft in `$VISUAL`/`$EDITOR` came to. */
export type EditorResult =
  { ok: true; text: string } | { ok: false; reason: 'no_editor' | 'failed'; message: string }

/**
 * The editor a terminal user has chosen: `$VISUAL`, else `$EDITOR` (either may carry arguments,
 * `code --wait`), else `vi` as git and crontab fall back to.
 */
export function editorCommand(env: NodeJS.ProcessEnv): string[] {
  const chosen = [env.VISUAL, env.EDITOR].find(
    (value) => value !== undefined && value.trim() !== '',
  )
  const words = parse(chosen ?? 'vi', (name) => env[name] ?? '').filter(
    (word): word is string => typeof word === 'string',
  )
  return words.length > 0 ? words : ['vi']
}

/**
 * Writes the draft to a temporary file, runs the editor on it with this terminal, and reads it
 * back. Blocks until the editor exits: the caller has handed the terminal over first (ink's
 * `suspendTerminal`). An editor that fails or exits non-zero leaves the draft as it was.
 */
export function editInEditor(draft: string, env: NodeJS.ProcessEnv = process.env): EditorResult {
  const [program, ...args] = editorCommand(env)
  if (program === undefined) return { ok: false, reason: 'no_editor', message: 'No editor is set.' }
  const folder = mkdtempSync(join(tmpdir(), 'parley-draft-'))
  const file = join(folder, 'message.md')
  try {
    writeFileSync(file, draft, { mode: 0o600 })
    const run = spawnSync(program, [...args, file], { stdio: 'inherit', env })
    if (run.error)
      return {
        ok: false,
        reason: 'no_editor',
        message: `Could not start ${program} (${run.error.message}): set $VISUAL or $EDITOR.`,
      }
    if (run.status !== 0)
      return {
        ok: false,
        reason: 'failed',
        message: `${program} exited with ${run.status ?? run.signal ?? 'an error'}: the message is as it was.`,
      }
    // Editors end a file with a line break; a message does not.
    return { ok: true, text: readFileSync(file, 'utf8').replace(/\r?\n$/, '') }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
