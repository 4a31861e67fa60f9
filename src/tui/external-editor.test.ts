import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { editInEditor, editorCommand } from './external-editor'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** A shell script standing in for the person's editor. */
function fakeEditor(body: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'fake-editor-'))
  folders.push(folder)
  const script = join(folder, 'editor.sh')
  writeFileSync(script, `#!/bin/sh\n${body}\n`)
  chmodSync(script, 0o755)
  return script
}

describe('editing the draft in $VISUAL or $EDITOR', () => {
  test('the editor gets the draft and what it saves comes back, without the final line break', () => {
    const editor = fakeEditor('printf "\\nsecond line\\n" >> "$1"')
    expect(editInEditor('first line', { EDITOR: editor })).toEqual({
      ok: true,
      text: 'first line\nsecond line',
    })
  })

  test('$VISUAL wins over $EDITOR, and an editor with arguments is split as a shell would', () => {
    expect(editorCommand({ VISUAL: 'code --wait', EDITOR: 'nano' })).toEqual(['code', '--wait'])
    expect(editorCommand({ EDITOR: '  ' })).toEqual(['vi'])
  })

  test('an editor that exits non-zero or cannot start leaves the draft as it was, and says why', () => {
    const failing = fakeEditor('echo changed > "$1"; exit 3')
    expect(editInEditor('draft', { EDITOR: failing })).toMatchObject({
      ok: false,
      reason: 'failed',
    })
    expect(editInEditor('draft', { EDITOR: '/nonexistent/editor' })).toMatchObject({
      ok: false,
      reason: 'no_editor',
    })
  })
})
