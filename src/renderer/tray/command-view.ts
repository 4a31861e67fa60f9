import type { PermissionInteraction } from '../../shared'
import { toolCategory } from '../../shared/pinned-tools'
import { flaggedParts } from '../../shared/risk-order'

/** A piece of a one-line summary: plain words, or a code chip (what stood in backticks). */
export type SummaryPiece = { kind: 'text'; text: string } | { kind: 'code'; text: string }

/**
 * Splits "Run `rm -rf build`" into the verb and a code chip. The runtime writes summaries in
 * markdown-ish form; showing the backticks raw reads like a bug. Text without backticks is one
 * plain piece; an unmatched backtick stays as text.
 */
export function summaryPieces(summary: string): SummaryPiece[] {
  const pieces: SummaryPiece[] = []
  let rest = summary
  while (rest !== '') {
    const open = rest.indexOf('`')
    const close = open === -1 ? -1 : rest.indexOf('`', open + 1)
    if (open === -1 || close === -1) {
      pieces.push({ kind: 'text', text: rest })
      break
    }
    if (open > 0) pieces.push({ kind: 'text', text: rest.slice(0, open) })
    pieces.push({ kind: 'code', text: rest.slice(open + 1, close) })
    rest = rest.slice(close + 1)
  }
  return pieces
}

/**
 * A long command shown in a few lines without hiding its end: the head, how much is left out,
 * and the tail. The dangerous part of `echo <3,000 characters>; curl …` is at the end, so the end
 * is always on screen; everything is in Details.
 */
export type ClampedText = {
  head: string
  /** What is left out between head and tail, or null when the text is shown whole. */
  hidden: { chars: number; lines: number } | null
  tail: string
}

const CLAMP = { maxChars: 240, maxLines: 3, headChars: 130, headLines: 2, tailChars: 90 }

/** Moves an index off the second half of a surrogate pair, so no character is cut in two. */
function onCodePoint(text: string, index: number): number {
  const code = text.charCodeAt(index)
  return code >= 0xdc00 && code <= 0xdfff ? index + 1 : index
}

/** How far a cut may move to land between words instead of inside one. */
const WORD_SLACK = 24

/** A cut just after the last space before `index` (close by), else `index`. */
function atWordEnd(text: string, index: number): number {
  const space = text.lastIndexOf(' ', index)
  return space > index - WORD_SLACK && space > 0 ? space + 1 : index
}

/** A cut just after the first space from `index` on (close by), else `index`. */
function atWordStart(text: string, index: number): number {
  const space = text.indexOf(' ', index)
  return space !== -1 && space < index + WORD_SLACK ? space + 1 : index
}

function lineCount(text: string): number {
  return text.split('\n').length
}

export function clampText(full: string): ClampedText {
  const text = full.replace(/\s+$/, '')
  if (text.length <= CLAMP.maxChars && lineCount(text) <= CLAMP.maxLines) {
    return { head: text, hidden: null, tail: '' }
  }
  let headEnd = Math.min(text.length, CLAMP.headChars)
  let newline = -1
  for (let i = 0; i < CLAMP.headLines; i++) {
    newline = text.indexOf('\n', newline + 1)
    if (newline === -1) break
  }
  if (newline !== -1) headEnd = Math.min(headEnd, newline)
  else headEnd = atWordEnd(text, headEnd)
  headEnd = onCodePoint(text, headEnd)
  const lastLine = text.lastIndexOf('\n') + 1
  const tailStart = onCodePoint(
    text,
    Math.max(headEnd, lastLine, atWordStart(text, text.length - CLAMP.tailChars)),
  )
  const middle = text.slice(headEnd, tailStart)
  return {
    head: text.slice(0, headEnd).replace(/\n$/, ''),
    hidden: { chars: middle.length, lines: middle.split('\n').length - 1 },
    tail: text.slice(tailStart),
  }
}

/** One simple command of a command line, as the runtime split it, with what makes it risky. */
export type CommandPart = NonNullable<PermissionInteraction['parts']>[number] & {
  /**
   * The part to draw attention to: the riskiest of the line, when it stands out (riskier than
   * another part, or high). When every part is as risky as the rest, none is flagged.
   */
  flagged: boolean
}

/** The parts to list (two or more), the riskiest flagged; null for a single simple command. */
export function commandParts(request: PermissionInteraction): CommandPart[] | null {
  const parts = request.parts
  if (!parts || parts.length < 2) return null
  const flags = flaggedParts(parts.map((p) => p.risk))
  return parts.map((part, i) => ({ ...part, flagged: flags[i] ?? false }))
}

/** What the permission tray leads with: the verb in words and what it acts on. */
export type PermissionHeadline =
  | { kind: 'command'; verb: string; command: string }
  | { kind: 'file'; verb: string; path: string }
  | { kind: 'summary'; pieces: SummaryPiece[] }

export function permissionHeadline(request: PermissionInteraction): PermissionHeadline {
  const pieces = summaryPieces(request.summary)
  const category = toolCategory(request.tool)
  switch (category) {
    case 'command': {
      const first = pieces[0]
      // "Run 2 commands: `a` · `b`" names its parts itself; the tray lists them, so the verb is "Run".
      const verb = first?.kind === 'text' ? first.text.trim().replace(/\s*\d+ commands:?$/, '') : ''
      // The full command is the detail; the summary holds only its first line.
      return { kind: 'command', verb: verb || 'Run', command: request.detail }
    }
    case 'edit': {
      const match = /^(\S+)\s+(.+)$/s.exec(request.summary)
      if (match?.[1] && match[2]) return { kind: 'file', verb: match[1], path: match[2] }
      return { kind: 'summary', pieces }
    }
    case 'read':
    case 'ask':
    case 'delegate':
    case 'external':
      return { kind: 'summary', pieces }
  }
}
