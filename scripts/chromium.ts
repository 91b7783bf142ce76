/**
 * Debian's Chromium as every browser this repository starts is launched (Playwright's tests, the review and
 * benchmark scripts): no sandbox in the VM, no GPU, nothing fetched in the background. One definition, so a flag
 * added for one runner reaches all of them.
 */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
