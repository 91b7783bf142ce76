// Demo stand-in for a third-party tag (football-live): records that it ran, makes no network requests.
(window.__fhVendor = window.__fhVendor || []).push({ tag: 'football-live', at: Date.now(), site: document.currentScript && document.currentScript.dataset.siteId });
