import { realpathSync } from 'node:fs'
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import { ToolError } from './tool-types'

function isInside(root: string, target: string): boolean {
  const rel = relative(root, target)
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel))
}

/** The real path of `path`, or of its nearest existing ancestor joined with the rest. */
function realPathOfNearest(path: string): string {
  let current = path
  const rest: string[] = []
  for (;;) {
    try {
      return resolve(realpathSync(current), ...rest.reverse())
    } catch {
      const parent = dirname(current)
      if (parent === current) return path
      rest.push(current.slice(parent.length + 1))
      current = parent
    }
  }
}

/**
 * Resolves a tool's path argument inside the workspace. Absolute paths, `..` and symlinks that
 * lead outside are refused with a message the model can act on.
 */
export function resolveInWorkspace(workspace: string, path: string): string {
  if (path.includes('\0')) throw new ToolError('path contains a NUL character')
  const root = realPathOfNearest(resolve(workspace))
  const target = resolve(root, path)
  if (!isInside(root, target) || !isInside(root, realPathOfNearest(target))) {
    throw new ToolError(
      `path "${path}" is outside the workspace; use a path relative to the workspace root`,
    )
  }
  return target
}

/** The path as the model and the person should see it: relative to the workspace. */
export function displayPath(workspace: string, absolute: string): string {
  return relative(realPathOfNearest(resolve(workspace)), absolute) || '.'
}
