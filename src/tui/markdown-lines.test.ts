import { beforeAll, describe, expect, test } from 'vitest'
import { loadHighlighter } from './code-highlight'
import { markdownLines } from './markdown-lines'
import { lineText, lineWidth, type StyledLine } from './styled-text'

const text = (lines: StyledLine[]) => lines.map(lineText)
const render = (markdown: string, width = 80) => text(markdownLines(markdown, width))
const spanOf = (lines: StyledLine[], wanted: string) =>
  lines.flat().find((span) => span.text === wanted)

beforeAll(loadHighlighter)

describe('assistant Markdown in the terminal', () => {
  test('a line of code wider than the terminal stays one row, for the terminal to wrap softly', () => {
    const code = ['def f(x):', '    return some_function(x) + another_function(x)']
    const lines = render(['```python', ...code, '```'].join('\n'), 32)
    expect(lines).toEqual(code.map((line) => `  ${line}`))
  })

  test('a code block is shown exactly as written: fences gone, # and ** kept', () => {
    const code = [
      'def f(*args, **kwargs):  # pass **everything**',
      '    # a comment, not a heading',
      '    return g(*args, **kwargs)',
    ]
    const lines = render(['Here:', '', '```python', ...code, '```', '', 'Done.'].join('\n'))
    expect(lines).toEqual(['Here:', '', ...code.map((l) => `  ${l}`), '', 'Done.'])
  })

  test('code gets syntax colour', () => {
    const lines = markdownLines('```js\nconst x = "hi" // note\n```', 80)
    expect(spanOf(lines, 'const')?.style).toEqual({ color: 'magenta' })
    expect(spanOf(lines, '"hi"')?.style).toEqual({ color: 'green' })
  })

  test('a code block copied at 30 columns is the code as written: no break or indent inside a line', () => {
    const long = 'x = [' + Array.from({ length: 30 }, (_, i) => i).join(', ') + ']'
    const code = [long, '\tif x:', '        y = 1']
    const lines = render('```\n' + code.join('\n') + '\n```', 30)
    expect(lines.map((l) => l.slice(2))).toEqual([long, '  if x:', '        y = 1'])
  })

  test('emphasis, code spans and links are drawn, not left as raw Markdown', () => {
    const lines = markdownLines(
      'Some *italic*, **bold**, `code` and a [link](https://example.com).',
      80,
    )
    expect(text(lines)).toEqual(['Some italic, bold, code and a link (https://example.com).'])
    expect(spanOf(lines, 'italic')?.style).toEqual({ italic: true })
    expect(spanOf(lines, 'bold')?.style).toEqual({ bold: true })
    expect(spanOf(lines, 'code')?.style).toEqual({ color: 'cyan' })
    expect(spanOf(lines, 'link')?.style).toMatchObject({ underline: true })
  })

  test('a bare URL is shown once', () => {
    expect(render('See https://example.com/x now')).toEqual(['See https://example.com/x now'])
  })

  test('a link’s text and its shown target are links to the target; a bare URL is one link', () => {
    const lines = markdownLines(
      'Read [the docs](https://example.com/docs) or https://example.org.',
      80,
    )
    expect(spanOf(lines, 'the docs')?.style).toMatchObject({ link: 'https://example.com/docs' })
    expect(spanOf(lines, 'https://example.com/docs')?.style).toMatchObject({
      link: 'https://example.com/docs',
    })
    expect(spanOf(lines, 'https://example.org')?.style).toMatchObject({
      link: 'https://example.org',
    })
  })

  test('a target that is not the web or mail, or holds a control character, is text, not a link', () => {
    for (const markdown of [
      '[run me](javascript:alert(1))',
      '[a file](file:///etc/passwd)',
      '[x](https://example.com/\u001b]8;;https://evil.example\u0007)',
    ]) {
      const linked = markdownLines(markdown, 80)
        .flat()
        .filter((span) => span.style?.link !== undefined)
      expect(linked).toEqual([])
    }
  })

  test('a URL that does not fit the rest of a row starts its own row, whole', () => {
    const url = 'https://example.com/a/rather/long/path/to/a/page'
    const lines = render(`The page you want is at ${url} and nowhere else.`, 60)
    expect(lines[0]).toBe('The page you want is at')
    expect(lines[1]?.startsWith(`${url} `)).toBe(true)
  })

  test('a URL longer than a row gets a row of its own, whole, so it copies as one', () => {
    const url = `https://example.com/${'segment/'.repeat(10)}end`
    const lines = markdownLines(`See ${url} for more.`, 40)
    expect(lines.map(lineText)).toEqual(['See', url, 'for more.'])
    expect(lines[1]?.every((span) => span.style?.link === url)).toBe(true)
  })

  test('headings lose their hashes and turn bold', () => {
    const lines = markdownLines('# Title\n\n## Part', 80)
    expect(text(lines)).toEqual(['Title', '', 'Part'])
    expect(spanOf(lines, 'Part')?.style).toEqual({ bold: true })
  })

  test('lists get bullets or numbers and wrapped items hang under their text', () => {
    expect(
      render('- one\n- two that is long enough to wrap\n  - nested\n\n1. first\n2. second', 24),
    ).toEqual([
      '• one',
      '• two that is long',
      '  enough to wrap',
      '  ◦ nested',
      '',
      '1. first',
      '2. second',
    ])
  })

  test('task list items show their box', () => {
    expect(render('- [ ] todo\n- [x] done')).toEqual(['☐ todo', '☑ done'])
  })

  test('a table is drawn with aligned columns', () => {
    expect(render('| name | n |\n|---|--:|\n| alpha | 1 |\n| b | 22 |')).toEqual([
      'name  │  n',
      '──────┼───',
      'alpha │  1',
      'b     │ 22',
    ])
  })

  test('a table wider than the terminal wraps its widest column and never overflows', () => {
    const lines = render(
      '| key | description |\n|---|---|\n| a | a very long description that cannot fit in a narrow terminal |',
      30,
    )
    for (const line of lines) expect(lineWidth([{ text: line }])).toBeLessThanOrEqual(30)
    expect(lines.join(' ')).toContain('narrow')
  })

  test('a quote gets a gutter', () => {
    expect(render('> quoted\n> text')).toEqual(['│ quoted', '│ text'])
  })

  test('hidden characters in assistant text are shown as escapes', () => {
    expect(render('rm \u202Eexe')).toEqual(['rm \\u202Eexe'])
  })

  test('an unclosed fence while streaming is already shown as code', () => {
    expect(render('Start:\n\n```sh\nnpm test # run **all**')).toEqual([
      'Start:',
      '',
      '  npm test # run **all**',
    ])
  })
})
