import { describe, expect, it } from 'vitest'
import { questionDraftToForm } from './question-form'

describe('a question draft saved by an earlier version', () => {
  it('reads as the form draft: picks, Other text and skips carried over in place', () => {
    const old = {
      index: 2,
      picks: [
        { kind: 'option' as const, index: 1 },
        { kind: 'other' as const, text: 'Zig' },
        { kind: 'skipped' as const },
        null,
      ],
    }
    expect(questionDraftToForm(old)).toEqual({ index: 2, values: old.picks })
  })
})
