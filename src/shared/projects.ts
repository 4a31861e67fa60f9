import { z } from 'zod'
import { LIMITS } from './limits'

/** How many recent projects are kept (the oldest opened is forgotten first). */
export const RECENT_PROJECTS_MAX = 20

/** How many folders one completion answers with at most. */
export const FOLDER_COMPLETIONS_MAX = 50

/** A folder sessions were started in, newest first in the sidebar's recent projects. */
export const ProjectSchema = z.strictObject({
  /** The folder's absolute path, as sessions record it. */
  path: z.string().min(1).max(LIMITS.path),
  /** Epoch ms of the last session started there. */
  openedAt: z.number(),
  /** False when the folder is gone (moved or deleted) since. */
  exists: z.boolean(),
})
export type Project = z.infer<typeof ProjectSchema>

/** The files a project's instructions are read from at the workspace root, the first found wins. */
export const PROJECT_INSTRUCTION_FILES = ['AGENTS.md', 'CLAUDE.md'] as const
export type ProjectInstructionFile = (typeof PROJECT_INSTRUCTION_FILES)[number]
