// Demo stand-in for a third-party tag (sport-stats): records that it ran, makes no network requests.
(window.__fhVendor = window.__fhVendor || []).push({ tag: 'sport-stats', at: Date.now(), site: document.currentScript && document.currentScript.dataset.siteId });
