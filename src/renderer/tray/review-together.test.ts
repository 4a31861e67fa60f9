import { describe, expect, it } from 'vitest'
import type { PendingInteraction, PermissionInteraction } from '../../shared'
import { reviewableTogether } from './review-together'

const permission = (id: string, risk: PermissionInteraction['risk']) =>
  ({ kind: 'permission', requestId: id, risk }) as PermissionInteraction
const question = (id: string) => ({ kind: 'question', requestId: id }) as PendingInteraction

describe('reviewableTogether', () => {
  it('gathers the head and every waiting permission of its risk, in queue order', () => {
    const queue = [
      permission('a', 'high'),
      question('q'),
      permission('b', 'low'),
      permission('c', 'high'),
    ]
    expect(reviewableTogether(queue)?.map((p) => p.requestId)).toEqual(['a', 'c'])
  })

  it('offers nothing for a single request, a question at the head, or a head of another risk', () => {
    expect(reviewableTogether([permission('a', 'high'), permission('b', 'low')])).toBeNull()
    expect(
      reviewableTogether([question('q'), permission('a', 'low'), permission('b', 'low')]),
    ).toBeNull()
    expect(reviewableTogether([permission('a', 'low'), permission('b', 'low')], 'high')).toBeNull()
  })
})
