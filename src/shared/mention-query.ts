/**
 * The `@` mention being typed in a message box, shared by the message boxes (no schema library:
 * the page's first frame may load it). A mention starts with `@` at the start of the text or
 * after white space and runs to the caret without white space: `look at @src/ma|` is the query
 * `src/ma` starting at the `@`.
 */
export interface MentionQuery {
  /** Index of the `@` in the text. */
  start: number
  /** What follows the `@`, up to the caret. */
  query: string
}

/** The mention the caret is in, or null where there is none. */
export function mentionQuery(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret)
  const match = /(?:^|\s)@(\S*)$/.exec(before)
  if (match === null) return null
  const query = match[1] ?? ''
  return { start: caret - query.length - 1, query }
}

/**
 * The text with the mention at `mention` replaced by `@path` and a space (none after a folder,
 * which is typed on into), and where the caret goes.
 */
export function insertMention(
  text: string,
  caret: number,
  mention: MentionQuery,
  path: string,
): { text: string; caret: number } {
  const inserted = path.endsWith('/') ? `@${path}` : `@${path} `
  const after = text.slice(caret)
  const rest = inserted.endsWith(' ') && after.startsWith(' ') ? after.slice(1) : after
  const next = text.slice(0, mention.start) + inserted + rest
  return { text: next, caret: mention.start + inserted.length }
}
