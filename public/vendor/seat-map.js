// Demo stand-in for a third-party tag (seat-map): records that it ran, makes no network requests.
(window.__fhVendor = window.__fhVendor || []).push({ tag: 'seat-map', at: Date.now(), site: document.currentScript && document.currentScript.dataset.siteId });
