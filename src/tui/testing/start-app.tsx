import { render } from 'ink-testing-library'
import { vi } from 'vitest'
import { App } from '../app'
import { createFakeBridge } from './fake-bridge'

const mounted: Array<{ unmount(): void }> = []

/** Unmounts every app `startApp` rendered (call it in `afterEach`). */
export function unmountApps(): void {
  for (const app of mounted.splice(0)) app.unmount()
}

/** Renders the terminal client on a fake bridge at a fixed terminal size. */
export function startApp(
  fake = createFakeBridge(),
  options: {
    sessionId?: string
    size?: { columns: number; rows: number }
    clock?: () => number
    colors?: boolean
    hyperlinks?: boolean
    stopProcess?: () => Promise<void>
  } = {},
) {
  const onExit = vi.fn<(code: number, sessionId?: string) => void>()
  const app = render(
    <App
      bridge={fake.bridge}
      sessionId={options.sessionId}
      onExit={onExit}
      size={options.size ?? { columns: 80, rows: 24 }}
      {...(options.clock ? { clock: options.clock } : {})}
      {...(options.colors !== undefined ? { colors: options.colors } : {})}
      hyperlinks={options.hyperlinks ?? false}
      {...(options.stopProcess ? { stopProcess: options.stopProcess } : {})}
    />,
  )
  mounted.push(app)
  return { app, fake, onExit }
}
