// Demo stand-in for a third-party tag (calendar-widget): records that it ran, makes no network requests.
(window.__fhVendor = window.__fhVendor || []).push({ tag: 'calendar-widget', at: Date.now(), site: document.currentScript && document.currentScript.dataset.siteId });
