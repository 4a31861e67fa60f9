import '@testing-library/jest-dom/vitest'
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import userEvent from '@testing-library/user-event'
import { App } from '../app'
import { createChatStore, type ActiveSessionMemory, type ChatStoreOptions } from '../state/store'
import type { FakeBridge } from './fake-bridge'

/**
 * jsdom does no layout. Give the transcript's scroller a viewport and each row a height, so the
 * virtualizer renders a window of rows as it does in a browser.
 */
function simulateLayout() {
  const size = (element: HTMLElement, scroller: number, row: number) =>
    element.classList.contains('transcript')
      ? scroller
      : element.classList.contains('transcript-item')
        ? row
        : 0
  Object.defineProperties(HTMLElement.prototype, {
    clientHeight: {
      configurable: true,
      get: function (this: HTMLElement) {
        return size(this, 800, 0)
      },
    },
    clientWidth: {
      configurable: true,
      get: function (this: HTMLElement) {
        return size(this, 800, 0)
      },
    },
    offsetHeight: {
      configurable: true,
      get: function (this: HTMLElement) {
        return size(this, 800, 60)
      },
    },
  })
}
simulateLayout()

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup)

/**
 * Renders the whole client against a fake bridge; deltas flush synchronously. Trays are armed at
 * once unless `promptArmingMs` is given (the type-ahead guard has tests of its own).
 */
export async function renderApp(
  fake: FakeBridge,
  remembered: string | null = null,
  options: {
    promptArmingMs?: number
    /** A link to watch (the web host's socket); without one the bridge is always up. */
    onConnection?: ChatStoreOptions['onConnection']
    /** The New-session menu's choice remembered from an earlier launch. */
    agentChoice?: string
    /** The page is a paired device's. */
    paired?: boolean
  } = {},
) {
  let stored = remembered
  const memory: ActiveSessionMemory = {
    read: () => stored,
    write: (id) => {
      stored = id
    },
  }
  let choice = options.agentChoice ?? null
  const store = createChatStore({
    bridge: fake.bridge,
    scheduleFrame: (cb) => cb(),
    memory,
    agentChoiceMemory: {
      read: () => choice,
      write: (value) => {
        choice = value
      },
    },
    promptArmingMs: options.promptArmingMs ?? 0,
    ...(options.paired ? { paired: true } : {}),
    ...(options.onConnection ? { onConnection: options.onConnection } : {}),
  })
  const user = userEvent.setup()
  const view = render(<App store={store} />)
  // Start-up reads settings and sessions and opens one; wait until that has finished.
  await waitFor(() => expect(store.state.getState().ready).toBe(true))
  return {
    store,
    user,
    view,
    /** Pushes a runtime event the way a host does, inside act(). */
    emit: (...args: Parameters<FakeBridge['emit']>) => act(() => fake.emit(...args)),
  }
}
