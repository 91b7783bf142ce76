// Demo stand-in for a third-party tag (ticket-marketing): records that it ran, makes no network requests.
(window.__fhVendor = window.__fhVendor || []).push({ tag: 'ticket-marketing', at: Date.now(), site: document.currentScript && document.currentScript.dataset.siteId });
