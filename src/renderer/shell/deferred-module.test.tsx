import '@testing-library/jest-dom/vitest'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { deferredModule, useDeferredModule, type DeferredModule } from './deferred-module'

afterEach(cleanup)

type Greeting = { text: string }

function Shown({ part }: { part: DeferredModule<Greeting> }) {
  const module = useDeferredModule(part)
  return <p>{module ? module.text : 'plain fallback'}</p>
}

/** A module whose chunk arrives (or fails) when the test says so. */
function controlledChunk() {
  const loads: Array<{ resolve(m: Greeting): void; reject(e: Error): void }> = []
  const part = deferredModule(
    () => new Promise<Greeting>((resolve, reject) => loads.push({ resolve, reject })),
  )
  return { part, loads }
}

describe('a part loaded after the first frame', () => {
  it('shows the fallback until its chunk arrives, then the part, with one fetch', async () => {
    const { part, loads } = controlledChunk()
    render(<Shown part={part} />)
    expect(screen.getByText('plain fallback')).toBeInTheDocument()
    void part.load()
    expect(loads).toHaveLength(1)
    await act(async () => loads[0]?.resolve({ text: 'rendered part' }))
    expect(screen.getByText('rendered part')).toBeInTheDocument()
  })

  it('renders at once, without a fallback frame, once it was loaded before', async () => {
    const { part, loads } = controlledChunk()
    const loaded = part.load()
    loads[0]?.resolve({ text: 'already here' })
    await loaded
    render(<Shown part={part} />)
    expect(screen.getByText('already here')).toBeInTheDocument()
  })

  it('fetches again when needed after a failed fetch', async () => {
    const { part, loads } = controlledChunk()
    const first = part.load()
    loads[0]?.reject(new Error('connection dropped'))
    await expect(first).rejects.toThrow('connection dropped')
    render(<Shown part={part} />)
    expect(loads).toHaveLength(2)
    await act(async () => loads[1]?.resolve({ text: 'second try' }))
    expect(screen.getByText('second try')).toBeInTheDocument()
  })
})
