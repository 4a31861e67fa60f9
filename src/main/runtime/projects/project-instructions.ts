import { lstatSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_INSTRUCTION_FILES, type ProjectInstructionFile } from '../../../shared/projects'
import { locateInWorkspace } from '../tools/workspace-paths'
import { readWorkspaceText } from '../tools/workspace-file-io'
import { ToolError } from '../tools/tool-types'

/** How much of a project's instructions file reaches the model (characters). */
export const PROJECT_INSTRUCTIONS_MAX = 32_768

/** A project's instructions as read for one model call. */
export interface ProjectInstructions {
  file: ProjectInstructionFile
  text: string
  /** The file was longer than PROJECT_INSTRUCTIONS_MAX: only its start is in `text`. */
  cut: boolean
}

/**
 * The project's instructions: AGENTS.md at the workspace root, else CLAUDE.md, read as
 * `read_file` reads (confined to the workspace after every symlink, no hard-linked file, a
 * regular file only), bounded. Read again for every model call, so an edit applies at the next
 * turn. None (or none readable): null.
 */
export async function readProjectInstructions(
  workspace: string,
): Promise<ProjectInstructions | null> {
  for (const file of PROJECT_INSTRUCTION_FILES) {
    let located
    try {
      located = locateInWorkspace(workspace, file)
    } catch (error) {
      if (error instanceof ToolError) continue
      throw error
    }
    // An unreadable file (permissions, gone meanwhile) is no instructions, never a failed turn.
    const read = await readWorkspaceText(located.absolute, located.shown).catch(() => null)
    if (read === null || !read.ok) continue
    const cut = read.text.length > PROJECT_INSTRUCTIONS_MAX
    return { file, text: cut ? read.text.slice(0, PROJECT_INSTRUCTIONS_MAX) : read.text, cut }
  }
  return null
}

/** Which instructions file the workspace has at its root, for the session header (no read). */
export function projectInstructionsFile(workspace: string): ProjectInstructionFile | undefined {
  return PROJECT_INSTRUCTION_FILES.find((file) => {
    try {
      return lstatSync(join(workspace, file)).isFile()
    } catch {
      return false
    }
  })
}

/** Parley's own instructions with the project's after them, said to be the project's. */
export function withProjectInstructions(base: string, project: ProjectInstructions | null): string {
  if (project === null || project.text.trim() === '') return base
  const note = project.cut
    ? `\n[${project.file} is longer: only its first ${PROJECT_INSTRUCTIONS_MAX} characters are shown]`
    : ''
  return `${base}\n\nThe project's own instructions, from ${project.file} at the workspace root:\n<project-instructions>\n${project.text}${note}\n</project-instructions>`
}
