import { describe, expect, it } from 'vitest'
import { formDraftToQuestion, questionDraftToForm } from './question-form'

describe('question drafts between the old shape and the form draft', () => {
  it('carries picks, Other text and skips both ways', () => {
    const old = {
      index: 2,
      picks: [
        { kind: 'option' as const, index: 1 },
        { kind: 'other' as const, text: 'Zig' },
        { kind: 'skipped' as const },
      ],
    }
    const form = questionDraftToForm(old)
    expect(form).toEqual({ index: 2, values: old.picks })
    expect(formDraftToQuestion(form)).toEqual(old)
  })

  it('leaves out what the old shape cannot hold: a multi-select’s ticks, a fourth question', () => {
    expect(
      formDraftToQuestion({
        index: 9,
        values: [
          { kind: 'options', indexes: [0, 1], other: null },
          { kind: 'option', index: 7 },
          null,
          { kind: 'option', index: 0 },
        ],
      }),
    ).toEqual({ index: 3, picks: [null, null, null] })
  })
})
