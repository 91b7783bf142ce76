/** Where `site dev` serves its client script and its events (Server-Sent Events). Nothing of the site lives there. */
export const DEV_CLIENT_URL = '/_fieldhouse/dev/client.js';
export const DEV_EVENTS_URL = '/_fieldhouse/dev/events';

/** The tag `site dev` adds to every page it serves, and only there: a build's pages never carry it. */
export const DEV_CLIENT_TAG = `<script type="module" src="${DEV_CLIENT_URL}"></script>`;

/** A page with the dev client: its tag right before </body>. */
export function withDevClient(html: string): string {
  const at = html.lastIndexOf('</body>');
  return at === -1 ? html + DEV_CLIENT_TAG : `${html.slice(0, at)}${DEV_CLIENT_TAG}${html.slice(at)}`;
}

/** What the server tells open pages. */
export type DevEvent = { type: 'reload'; reason: string } | { type: 'css'; href: string };

/**
 * The dev client, in the browser: reload on `reload`, swap the stylesheet on `css` (the page and its state stay),
 * and reload once the server is back after it went away (a restart of `site dev`).
 */
function devClient(eventsUrl: string): void {
  let lost = false;
  const events = new EventSource(eventsUrl);
  events.addEventListener('open', () => {
    if (lost) location.reload();
  });
  events.addEventListener('error', () => {
    lost = true;
  });
  events.addEventListener('message', (event: MessageEvent<string>) => {
    const message = JSON.parse(event.data) as DevEvent;
    if (message.type === 'reload') {
      location.reload();
      return;
    }
    const old = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][href^="/_site/assets/"]');
    if (!old) {
      location.reload();
      return;
    }
    // The new sheet replaces the old once it has loaded, so the page is never unstyled in between.
    const next = old.cloneNode() as HTMLLinkElement;
    next.href = message.href;
    next.addEventListener('load', () => old.remove(), { once: true });
    old.after(next);
  });
}

/** The dev client's source, as the browser runs it. */
export const DEV_CLIENT_SOURCE = `(${devClient.toString()})(${JSON.stringify(DEV_EVENTS_URL)});\n`;
