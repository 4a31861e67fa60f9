import type { createLowlight } from 'lowlight'
import type { Span, SpanStyle } from './styled-text'

type Lowlight = ReturnType<typeof createLowlight>

/**
 * highlight.js grammars for the common languages (the web transcript's rehype-highlight uses the
 * same), once `loadHighlighter` has loaded them: they are a few hundred modules, and the terminal
 * client's first frame does not wait for them.
 */
let lowlight: Lowlight | null = null

/** Loads the grammars; until then code is shown uncoloured. */
export async function loadHighlighter(): Promise<void> {
  const { common, createLowlight } = await import('lowlight')
  lowlight ??= createLowlight(common)
}

/** Longer code is shown uncoloured: highlighting is cheap, but not free on every redraw. */
const MAX_HIGHLIGHTED_CHARS = 20_000

/** Terminal colours for highlight.js token classes (the `hljs-` prefix removed). */
const CLASS_STYLE: Readonly<Record<string, SpanStyle>> = {
  keyword: { color: 'magenta' },
  built_in: { color: 'cyan' },
  type: { color: 'cyan' },
  literal: { color: 'yellow' },
  number: { color: 'yellow' },
  string: { color: 'green' },
  regexp: { color: 'green' },
  symbol: { color: 'yellow' },
  comment: { color: 'gray', italic: true },
  doctag: { color: 'gray' },
  meta: { color: 'gray' },
  title: { color: 'blue' },
  'title.function': { color: 'blue' },
  'title.class': { color: 'cyan' },
  attr: { color: 'cyan' },
  attribute: { color: 'cyan' },
  variable: { color: 'red' },
  'template-variable': { color: 'red' },
  params: {},
  tag: { color: 'red' },
  name: { color: 'red' },
  selector: { color: 'magenta' },
  addition: { color: 'green' },
  deletion: { color: 'red' },
  section: { color: 'blue', bold: true },
  bullet: { color: 'yellow' },
  emphasis: { italic: true },
  strong: { bold: true },
}

type HastNode = ReturnType<Lowlight['highlight']>['children'][number]

const styleOfClasses = (classes: unknown): SpanStyle | undefined => {
  if (!Array.isArray(classes)) return undefined
  const names = classes
    .filter((c): c is string => typeof c === 'string' && c.startsWith('hljs-'))
    .map((c) => c.slice('hljs-'.length))
  // `title function_` is written as two classes; the more specific pairing wins.
  const joined = names.join('.').replace(/_$/, '')
  return CLASS_STYLE[joined] ?? names.map((n) => CLASS_STYLE[n]).find(Boolean)
}

function collect(nodes: readonly HastNode[], style: SpanStyle | undefined, out: Span[]): void {
  for (const node of nodes) {
    if (node.type === 'text') out.push({ text: node.value, style })
    else if (node.type === 'element') {
      const own = styleOfClasses(node.properties['className'])
      collect(node.children, own ? { ...style, ...own } : style, out)
    }
  }
}

/**
 * Code as coloured spans, by the fence's language when highlight.js knows it. The spans' text,
 * joined, is exactly the code: highlighting only adds colour, it never changes a character.
 */
export function highlightCode(code: string, language: string | undefined): Span[] {
  const name = language?.trim().split(/\s/)[0]?.toLowerCase()
  if (!lowlight || !name || code.length > MAX_HIGHLIGHTED_CHARS || !lowlight.registered(name))
    return [{ text: code }]
  const spans: Span[] = []
  collect(lowlight.highlight(name, code).children, undefined, spans)
  return spans
}
