import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { pairIfRemote } from './bridge/device-pairing'
import { openPort } from './bridge/port'
import { loadDeferredParts } from './deferred-parts'
import { afterFirstPaint } from './shell/deferred-module'
import { createChatStore, type ChatStore } from './state/store'
import './styles/app.css'
import './styles/inbox.css'
import './styles/touch.css'
import './styles/rewind.css'
import './styles/sign-in.css'

/** The deferred parts are fetched by then even when the first load has not ended (no connection). */
const DEFERRED_PARTS_LATEST_MS = 3_000

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
  // Markdown, settings and the trays are fetched once the app has painted its loaded state (the
  // message box): fetched and run earlier, their chunks held up the first load's answers and the
  // render that shows them. A part shown before that is fetched then (useDeferredModule).
  whenReady(store.state, () =>
    afterFirstPaint(() => void loadDeferredParts().catch(() => undefined)),
  )
}

/** Runs `work` once the store's first load has ended, or after a while if it never does. */
function whenReady(state: ChatStore['state'], work: () => void) {
  let done = false
  const once = () => {
    if (done) return
    done = true
    unsubscribe()
    clearTimeout(timer)
    work()
  }
  const unsubscribe = state.subscribe((s) => s.ready && once())
  const timer = setTimeout(once, DEFERRED_PARTS_LATEST_MS)
  if (state.getState().ready) once()
}

const rootElement = document.getElementById('root')
if (rootElement) void start(rootElement)
