/**
 * The session permission modes, apart from their schema (the page's first frame needs them and
 * loads no schema library). explore: read-only tools only · ask: every mutating tool asks ·
 * execute: file edits inside the workspace allowed, commands ask · bypass: never asks.
 */
export const PERMISSION_MODES = ['explore', 'ask', 'execute', 'bypass'] as const

export function isPermissionMode(value: string): value is (typeof PERMISSION_MODES)[number] {
  return (PERMISSION_MODES as readonly string[]).includes(value)
}
