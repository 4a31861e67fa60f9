import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { openPort } from './bridge/port'
import { loadDeferredParts } from './deferred-parts'
import { afterFirstPaint } from './shell/deferred-module'
import { createChatStore } from './state/store'
import './styles/app.css'
import './styles/inbox.css'

const port = openPort()
const store = createChatStore({ bridge: port.bridge, onConnection: port.onConnection })

const rootElement = document.getElementById('root')
if (rootElement) {
  createRoot(rootElement).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  )
}

// The first frame is the shell; markdown, settings and the trays are fetched right after it.
afterFirstPaint(() => void loadDeferredParts().catch(() => undefined))
