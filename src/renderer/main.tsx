import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { pairIfRemote } from './bridge/device-pairing'
import { openPort } from './bridge/port'
import { loadDeferredParts } from './deferred-parts'
import { afterFirstPaint } from './shell/deferred-module'
import { createChatStore } from './state/store'
import './styles/app.css'
import './styles/inbox.css'
import './styles/touch.css'
import './styles/rewind.css'
import './styles/sign-in.css'

async function start(rootElement: HTMLElement) {
  const root = createRoot(rootElement)
  const pairing = await pairIfRemote({
    location: window.location,
    storage: window.localStorage,
    fetch: (input, init) => window.fetch(input, init),
    userAgent: navigator.userAgent,
    forgetCode: () => window.history.replaceState(null, '', '/'),
  })
  if (pairing.kind === 'refused') {
    root.render(
      <main className="pairing-refused">
        <h1>Parley</h1>
        <p role="alert">{pairing.message}</p>
      </main>,
    )
    return
  }
  // Installable, and able to notify while in the background (the remote listener's pages only).
  if (pairing.kind === 'paired') void navigator.serviceWorker?.register('./sw.js').catch(() => null)
  const port = openPort(window, pairing.kind === 'paired' ? pairing.token : undefined)
  const store = createChatStore({
    bridge: port.bridge,
    onConnection: port.onConnection,
    paired: pairing.kind === 'paired',
  })
  root.render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  )
}

const rootElement = document.getElementById('root')
if (rootElement) void start(rootElement)

// The first frame is the shell; markdown, settings and the trays are fetched right after it.
afterFirstPaint(() => void loadDeferredParts().catch(() => undefined))
