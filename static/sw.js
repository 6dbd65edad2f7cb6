// TuneLab's service worker: keeps the page usable offline once it has loaded. Network first
// (a rebuilt site is never hidden behind a stale cache), falling back to the copy saved the
// last time each file was fetched. Only this origin's GET requests are touched.
const CACHE = 'tunelab-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
        }
        return response;
      })
      .catch(() =>
        caches.match(request, { ignoreSearch: true })
          .then((hit) => hit ?? caches.match('./index.html'))
          .then((hit) => hit ?? Response.error()),
      ),
  );
});
