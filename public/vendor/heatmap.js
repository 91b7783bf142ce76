// Demo stand-in for a third-party tag (heatmap): records that it ran, makes no network requests.
(window.__fhVendor = window.__fhVendor || []).push({ tag: 'heatmap', at: Date.now(), site: document.currentScript && document.currentScript.dataset.siteId });
