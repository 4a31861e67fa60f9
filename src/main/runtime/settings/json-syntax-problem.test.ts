import { describe, expect, it } from 'vitest'
import { jsonSyntaxProblem } from './json-syntax-problem'

function problemOf(text: string) {
  try {
    JSON.parse(text)
  } catch (error) {
    return jsonSyntaxProblem(text, error)
  }
  throw new Error('the text parsed')
}

describe('jsonSyntaxProblem', () => {
  it('points at the closing brace after a trailing comma in an object', () => {
    expect(problemOf('{\n  "model": "x",\n}\n')).toEqual({
      line: 3,
      column: 1,
      message: 'Expected double-quoted property name',
    })
  })

  it('points at a trailing comma in an array, where V8 names no position', () => {
    expect(problemOf('{\n  "agents": [\n    {"id": "a"},\n  ]\n}')).toMatchObject({
      line: 4,
      column: 3,
      message: "Unexpected token ']'",
    })
  })

  it('points at a misspelt literal without quoting the whole file back', () => {
    const problem = problemOf(`{\n  "a": 1,\n  "long": "${'x'.repeat(40)}",\n  "b": tru\n}`)
    expect(problem).toMatchObject({ line: 4, column: 8 })
    expect(problem.message).not.toContain('xxxx')
  })

  it('places a file that ends too early at its end', () => {
    expect(problemOf('{\n  "a": "b')).toMatchObject({ line: 2, column: 10 })
    expect(problemOf('')).toEqual({ line: 1, column: 1, message: 'Unexpected end of JSON input' })
  })

  it('reports absurd nesting as a mistake instead of overflowing the stack', () => {
    expect(problemOf('['.repeat(100_000))).toMatchObject({ line: 1 })
  })
})
