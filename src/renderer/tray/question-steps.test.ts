import { describe, expect, it } from 'vitest'
import { draftToAnswers, emptyDraft } from '../../shared'
import { questionRequest } from '../test/fixtures'
import {
  goNext,
  goPrevious,
  isReview,
  normalizeDraft,
  pickOption,
  pickOther,
  reviewRows,
  setOtherText,
} from './question-steps'

const { questions } = questionRequest()

describe('question steps', () => {
  it('does not advance when an option is picked', () => {
    const d = pickOption(emptyDraft(questions), 1)
    expect(d.index).toBe(0)
    expect(d.picks[0]).toEqual({ kind: 'option', index: 1 })
  })

  it('records a question left without a pick as skipped and sends it as null', () => {
    let d = pickOption(emptyDraft(questions), 0)
    d = goNext(d, 3)
    d = goNext(setOtherText(pickOther(d), 'Zig'), 3)
    d = goNext(d, 3)
    expect(isReview(d, 3)).toBe(true)
    expect(d.picks[2]).toEqual({ kind: 'skipped' })
    expect(draftToAnswers(questions, d)).toEqual(['Postgres', 'Zig', null])
    expect(reviewRows(questions, d).map((r) => r.answer)).toEqual(['Postgres', 'Zig', null])
  })

  it('keeps text typed into Other when Other is chosen again', () => {
    const d = setOtherText(pickOther(emptyDraft(questions)), 'mine')
    expect(pickOther(d)).toBe(d)
  })

  it('goes back without losing picks and stops at the first question', () => {
    const d = goNext(pickOption(emptyDraft(questions), 1), 3)
    const back = goPrevious(d)
    expect(back.index).toBe(0)
    expect(back.picks[0]).toEqual({ kind: 'option', index: 1 })
    expect(goPrevious(back)).toBe(back)
  })

  it('repairs a stale saved draft to fit the questions', () => {
    const d = normalizeDraft({ index: 3, picks: [{ kind: 'option', index: 2 }] }, questions)
    expect(d).toEqual({ index: 3, picks: [null, null, null] })
    const good = { index: 1, picks: [null, null, null] }
    expect(normalizeDraft(good, questions)).toBe(good)
  })
})
