import { readdir, stat } from 'node:fs/promises'
import { createTwoFilesPatch } from 'diff'
import { z } from 'zod'
import { LIMITS } from '../../../shared/limits'
import { PINNED_TOOLS } from '../../../shared/pinned-tools'
import { workspaceWriteRisk, writeKey } from './shell/path-risk'
import { defineTool, ToolError, type CallReview } from './tool-types'
import {
  displayPath,
  locateInWorkspace,
  resolveInWorkspace,
  type WorkspacePath,
} from './workspace-paths'
import {
  openFolder,
  readWorkspaceText,
  readWorkspaceTextSync,
  replaceWorkspaceFile,
} from './workspace-file-io'
import { searchWorkspace, type SearchLimits } from './workspace-search'

const PathSchema = z.string().min(1).max(LIMITS.path)
const MAX_LIST_ENTRIES = 1_000

/** One search_files call reads at most this much (the main process does the reading). */
const SEARCH_LIMITS: SearchLimits = {
  matches: 200,
  files: 20_000,
  bytes: 64 * 1024 * 1024,
  fileBytes: LIMITS.fileBytes,
}

export const readFileTool = defineTool({
  name: 'read_file',
  description: 'Read a UTF-8 text file in the workspace. `path` is relative to the workspace root.',
  inputSchema: z.strictObject({ path: PathSchema }),
  category: PINNED_TOOLS.read_file.category,
  async execute({ path }, { workspace }) {
    const absolute = resolveInWorkspace(workspace, path)
    const read = await readWorkspaceText(absolute, path)
    if (!read.ok) throw new ToolError(read.message)
    return { path: displayPath(workspace, absolute), content: read.text }
  },
})

export const listFilesTool = defineTool({
  name: 'list_files',
  description: 'List the entries of a folder in the workspace (default: the workspace root).',
  inputSchema: z.strictObject({ path: PathSchema.optional() }),
  category: PINNED_TOOLS.list_files.category,
  async execute({ path }, { workspace }) {
    const absolute = resolveInWorkspace(workspace, path ?? '.')
    const notFolder = () =>
      new ToolError(`cannot list ${path ?? '.'}: not a folder in the workspace`)
    // Listed through the folder opened without following a link (see workspace-file-io).
    const folder = await openFolder(absolute, false).catch(() => {
      throw notFolder()
    })
    let typed: Array<{ name: string; type: string }>
    try {
      const entries = await readdir(folder.at('.'), { withFileTypes: true }).catch(() => {
        throw notFolder()
      })
      typed = await Promise.all(
        entries.map(async (e) => {
          // A symlink is listed as what it points to (a link to a folder is a folder).
          const isDir = e.isSymbolicLink()
            ? (await stat(folder.at(e.name)).catch(() => undefined))?.isDirectory()
            : e.isDirectory()
          return { name: e.name, type: isDir ? 'dir' : 'file' }
        }),
      )
    } finally {
      await folder.close()
    }
    const sorted = typed.sort((a, b) => a.name.localeCompare(b.name))
    return {
      path: displayPath(workspace, absolute),
      entries: sorted.slice(0, MAX_LIST_ENTRIES),
      truncated: sorted.length > MAX_LIST_ENTRIES,
    }
  },
})

export const searchFilesTool = defineTool({
  name: 'search_files',
  description:
    'Search workspace files for a literal text (not a regex). Returns matching lines with file and line number. Skips what .gitignore ignores, binary files, .git and node_modules; name a folder in `path` to search only there.',
  inputSchema: z.strictObject({ query: z.string().min(1).max(1_000), path: PathSchema.optional() }),
  category: PINNED_TOOLS.search_files.category,
  async execute({ query, path }, { workspace, signal }) {
    const found = await searchWorkspace({
      workspace: resolveInWorkspace(workspace, '.'),
      root: resolveInWorkspace(workspace, path ?? '.'),
      query,
      signal,
      limits: SEARCH_LIMITS,
    })
    return { query, ...found }
  },
})

/**
 * What a write or an edit will do: the real target and the text before and after. One function
 * computes both what the prompt previews and what the tool writes, so the person never approves
 * a change the tool would not make.
 */
export interface FileChange {
  target: WorkspacePath
  /** Null when the file does not exist yet. */
  before: string | null
  after: string
}

/**
 * The text of a file a change replaces (synchronous: a review must not yield, see tool-types),
 * read as `readWorkspaceTextSync` reads: never through a link, never waiting on a FIFO.
 */
function currentText(target: WorkspacePath, shown: string): string | null {
  const read = readWorkspaceTextSync(target.absolute, shown)
  if (read.ok) return read.text
  switch (read.reason) {
    case 'missing':
      return null
    case 'too_large':
      throw new ToolError(`${read.message.replace(/ are not read$/, ' are not changed')}`)
    case 'not_file':
    case 'hard_links':
      throw new ToolError(read.message)
  }
}

export function planWrite(
  workspace: string,
  { path, content }: { path: string; content: string },
): FileChange {
  const target = locateInWorkspace(workspace, path)
  return { target, before: currentText(target, path), after: content }
}

export function planEdit(
  workspace: string,
  { path, old_text, new_text }: { path: string; old_text: string; new_text: string },
): FileChange {
  const target = locateInWorkspace(workspace, path)
  const before = currentText(target, path)
  if (before === null) throw new ToolError(`no such file: ${path}`)
  const count = before.split(old_text).length - 1
  if (count !== 1) {
    throw new ToolError(
      `old_text occurs ${count} times in ${path}; it must occur exactly once (add surrounding lines to make it unique)`,
    )
  }
  return { target, before, after: before.replace(old_text, () => new_text) }
}

/** Written by temp file + rename: never through the old inode, which may have other names. */
async function applyChange({ target, after }: FileChange): Promise<void> {
  await replaceWorkspaceFile(target.absolute, after)
}

/** The prompt for a file change: the real target (and the link it goes through), and its diff. */
function reviewChange(verb: string, change: FileChange): CallReview {
  const { shown, through } = change.target
  const link = through !== null ? ` (through the link ${through})` : ''
  const { risk, why } = workspaceWriteRisk(shown)
  return {
    summary: `${verb} ${shown}${link}`,
    detail: createTwoFilesPatch(
      `a/${shown}`,
      `b/${shown}`,
      change.before ?? '',
      change.after,
      '',
      '',
      {
        context: 3,
      },
    ),
    risk,
    parts: [
      {
        text: `${verb} ${shown}${link}`,
        risk,
        ...(why !== undefined ? { why } : {}),
        key: risk === 'high' ? null : writeKey(shown),
        label: shown,
      },
    ],
    showParts: false,
  }
}

export const writeFileTool = defineTool({
  name: 'write_file',
  description: 'Create or overwrite a text file in the workspace with `content`.',
  inputSchema: z.strictObject({ path: PathSchema, content: z.string().max(LIMITS.fileBytes) }),
  category: PINNED_TOOLS.write_file.category,
  review(input, { workspace }) {
    const change = planWrite(workspace, input)
    return reviewChange(change.before === null ? 'Create' : 'Overwrite', change)
  },
  async execute(input, { workspace }) {
    const change = planWrite(workspace, input)
    await applyChange(change)
    return { path: change.target.shown, bytes: Buffer.byteLength(input.content) }
  },
})

export const editFileTool = defineTool({
  name: 'edit_file',
  description:
    'Replace `old_text` with `new_text` in a workspace file. `old_text` must occur exactly once.',
  inputSchema: z.strictObject({
    path: PathSchema,
    old_text: z.string().min(1).max(LIMITS.fileBytes),
    new_text: z.string().max(LIMITS.fileBytes),
  }),
  category: PINNED_TOOLS.edit_file.category,
  review(input, { workspace }) {
    return reviewChange('Edit', planEdit(workspace, input))
  },
  async execute(input, { workspace }) {
    const change = planEdit(workspace, input)
    await applyChange(change)
    return { path: change.target.shown, replaced: 1 }
  },
})
