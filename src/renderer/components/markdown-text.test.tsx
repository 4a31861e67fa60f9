import '@testing-library/jest-dom/vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { MarkdownText } from './markdown-text'

afterEach(cleanup)

describe('assistant markdown', () => {
  it('never renders raw HTML, unsafe links or remote images', () => {
    const { container } = render(
      <MarkdownText
        text={[
          'Hello <img src="https://tracker.example/p.gif" onerror="alert(1)"> <b>bold?</b>',
          '',
          '<script>alert(1)</script>',
          '',
          '[ok](https://example.com) [bad](javascript:alert(1)) [file](file:///etc/passwd) <https://auto.example>',
          '',
          '![chart](https://tracker.example/chart.png)',
        ].join('\n')}
      />,
    )
    expect(container.querySelector('script, img, b')).toBeNull()
    expect(screen.getByText(/<script>alert\(1\)<\/script>/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'ok' })).toHaveAttribute('href', 'https://example.com/')
    expect(screen.getByRole('link', { name: 'https://auto.example' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'bad' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'file' })).not.toBeInTheDocument()
    expect(screen.getByText('[image: chart]')).toBeInTheDocument()
  })

  it('renders GFM: tables with alignment, task lists, strikethrough, code; character references', () => {
    render(
      <MarkdownText
        text={[
          '| Service | Downtime |',
          '| :--- | ---: |',
          '| api | 3 min |',
          '',
          '- [x] shipped',
          '- [ ] ~~dropped~~',
          '',
          'A &amp; B &lt;tag&gt; &#x1F600; `a && b`',
          '',
          '```python title',
          'print(1)',
          '```',
        ].join('\n')}
      />,
    )
    const table = screen.getByRole('table')
    expect(within(table).getByRole('columnheader', { name: 'Downtime' })).toHaveStyle({
      textAlign: 'right',
    })
    expect(screen.getByRole('checkbox', { name: 'done' })).toBeChecked()
    expect(screen.getByText('dropped').tagName).toBe('DEL')
    expect(screen.getByText('A & B <tag> 😀', { exact: false })).toBeInTheDocument()
    expect(screen.getByText('a && b').tagName).toBe('CODE')
    expect(screen.getByRole('group', { name: 'python code' })).toHaveTextContent('print(1)')
    expect(screen.getByRole('button', { name: 'Copy python code' })).toBeInTheDocument()
  })

  it('gives every block its own direction, so Arabic and English paragraphs each read right', () => {
    render(<MarkdownText text={'مرحبا بالعالم\n\nHello world\n\n- عنصر\n\n# عنوان'} />)
    for (const text of ['مرحبا بالعالم', 'Hello world', 'عنصر', 'عنوان'])
      expect(screen.getByText(text)).toHaveAttribute('dir', 'auto')
  })
})
