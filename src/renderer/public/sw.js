/* global self */
// Parley's service worker: makes the page installable and shows the notices the page asks for
// while it is in the background. It caches nothing: a page without its computer has nothing to show.
self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))
self.addEventListener('fetch', () => undefined)
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      const open = windows[0]
      return open ? open.focus() : self.clients.openWindow('./')
    }),
  )
})
