/* global self */
// Parley's service worker: makes the page installable and shows the notices the page asks for
// while it is in the background. It caches nothing: a page without its computer has nothing to show.
self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))
self.addEventListener('fetch', () => undefined)
// A click opens the request the notification is about (the page's inbox shows its tray).
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = event.notification.data
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      const open = windows[0]
      if (!open) return self.clients.openWindow('./')
      if (target) open.postMessage({ type: 'parley-open-request', target })
      return open.focus()
    }),
  )
})
