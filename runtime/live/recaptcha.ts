/** reCAPTCHA v2 invisible (the kind a contact form uses): loaded on the first submit, one widget per page. */
interface Grecaptcha {
  render(
    container: HTMLElement,
    options: { sitekey: string; size: 'invisible'; callback: (token: string) => void; 'error-callback'?: () => void },
  ): number;
  execute(widget: number): void;
  reset(widget: number): void;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    __fhRecaptchaLoaded?: () => void;
  }
}

const SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit&onload=__fhRecaptchaLoaded';
/** How long the spam check may take to load before the form says so (a blocker, or no connection). */
const LOAD_TIMEOUT_MS = 8000;

let ready: Promise<Grecaptcha> | null = null;

function load(): Promise<Grecaptcha> {
  ready ??= new Promise<Grecaptcha>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('reCAPTCHA did not load in time')), LOAD_TIMEOUT_MS);
    window.__fhRecaptchaLoaded = () => {
      clearTimeout(timer);
      resolve(window.grecaptcha!);
    };
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('reCAPTCHA could not load'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    ready = null; // the next submit tries again
    throw error;
  });
  return ready;
}

let widget: { id: number; waiting: ((token: string) => void) | null } | null = null;

/** A fresh reCAPTCHA token for one submission. */
export async function recaptchaToken(siteKey: string): Promise<string> {
  const grecaptcha = await load();
  if (!widget) {
    const container = document.createElement('div');
    container.className = 'recaptcha-badge';
    document.body.append(container);
    const state: { id: number; waiting: ((token: string) => void) | null } = { id: 0, waiting: null };
    state.id = grecaptcha.render(container, {
      sitekey: siteKey,
      size: 'invisible',
      callback: (token) => state.waiting?.(token),
    });
    widget = state;
  }
  const current = widget;
  grecaptcha.reset(current.id);
  return new Promise<string>((resolve) => {
    current.waiting = resolve;
    grecaptcha.execute(current.id);
  });
}
