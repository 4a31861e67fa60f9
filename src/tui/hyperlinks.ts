import { createContext } from 'react'
import { createSupportsHyperlinks } from 'supports-hyperlinks'
import { colorsWanted } from './colors'

/**
 * Whether the terminal shows OSC 8 hyperlinks (a link's text stays as it is, and the terminal
 * opens its target on a click). supports-hyperlinks knows which terminals do, says no to a dumb
 * terminal and to what is not one, and follows `FORCE_HYPERLINK`. Where colour is off
 * (`NO_COLOR`, `FORCE_COLOR=0`) no escape codes are wanted: no hyperlinks either, unless
 * `FORCE_HYPERLINK` asks for them.
 */
export function hyperlinksWanted(
  stream: { isTTY?: boolean },
  env: Readonly<Record<string, string | undefined>>,
): boolean {
  if (env.FORCE_HYPERLINK === undefined && !colorsWanted(env)) return false
  return createSupportsHyperlinks(stream)
}

/** True where the terminal shows hyperlinks: spans with a `link` are drawn as one. */
export const HyperlinksContext = createContext(false)

/** Schemes a link in a reply may open: the web and mail, never a file or a script. */
const LINK_SCHEME = /^(?:https?:\/\/|mailto:)/i
/** Printable ASCII only: nothing in a target can end the escape sequence it travels in. */
const PRINTABLE = /^[\x21-\x7e]+$/

/**
 * The target of a link an agent wrote, when it may be one: http(s) or mailto, printable ASCII
 * (a model's text must not smuggle a terminal escape into the sequence). Null: shown as text.
 */
export function linkTarget(href: string): string | null {
  return LINK_SCHEME.test(href) && PRINTABLE.test(href) ? href : null
}

/** Joins the pieces of one link across rows, for terminals that underline it as one on hover. */
function linkId(url: string): string {
  let hash = 0
  for (let i = 0; i < url.length; i++) hash = (Math.imul(hash, 31) + url.charCodeAt(i)) | 0
  return (hash >>> 0).toString(36)
}

/**
 * `text` as an OSC 8 hyperlink to `url` (a `linkTarget`). A link broken over several rows is one
 * link in each, with the same id: clicking any piece opens the whole target.
 */
export function hyperlinkText(text: string, url: string): string {
  return `\u001b]8;id=${linkId(url)};${url}\u001b\\${text}\u001b]8;;\u001b\\`
}
