/**
 * Signed webhooks, as the Standard Webhooks scheme writes them (standardwebhooks.com), shared by the demo CMS that
 * sends them and `site webhook` that receives them:
 * - `webhook-id`: the message's id (the same on every retry of one message);
 * - `webhook-timestamp`: Unix seconds when it was sent;
 * - `webhook-signature`: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, space-separated when several
 *   secrets sign (a secret being rotated).
 * A secret written `whsec_<base64>` is those bytes; any other string is its UTF-8 bytes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_ID_HEADER = 'webhook-id';
export const WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';
/** How far a timestamp may be from the receiver's clock (either way) before the message is refused as a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

function secretBytes(secret: string): Buffer {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8');
}

/** The signature header's value for one message. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secretBytes(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers a signed message carries. */
export function webhookHeaders(secret: string, id: string, timestamp: number, body: string): Record<string, string> {
  return {
    [WEBHOOK_ID_HEADER]: id,
    [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
    [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, id, timestamp, body),
  };
}

export type Verdict = { ok: true; id: string; timestamp: number } | { ok: false; reason: string };

/**
 * Check a message's headers and body against the secret: the signature must match, and the timestamp must be
 * within `toleranceSeconds` of `nowSeconds`. Replays inside the window are the caller's to catch (by id).
 */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  nowSeconds: number,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): Verdict {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = one(WEBHOOK_ID_HEADER);
  const stamp = one(WEBHOOK_TIMESTAMP_HEADER);
  const signatures = one(WEBHOOK_SIGNATURE_HEADER);
  if (!id || !stamp || !signatures)
    return {
      ok: false,
      reason: `missing ${[!id && WEBHOOK_ID_HEADER, !stamp && WEBHOOK_TIMESTAMP_HEADER, !signatures && WEBHOOK_SIGNATURE_HEADER].filter(Boolean).join(', ')} header`,
    };
  if (!/^\d{1,12}$/.test(stamp)) return { ok: false, reason: `timestamp "${stamp.slice(0, 20)}" is not Unix seconds` };
  const timestamp = Number(stamp);
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds)
    return {
      ok: false,
      reason: `timestamp is ${Math.round(nowSeconds - timestamp)} s from this server's clock (more than ${toleranceSeconds} s): an old message replayed, or a clock out of step`,
    };
  const expected = Buffer.from(signWebhook(secret, id, timestamp, body).slice(3), 'base64');
  for (const candidate of signatures.split(' ')) {
    const [version, mac] = candidate.split(',', 2);
    if (version !== 'v1' || !mac) continue;
    const given = Buffer.from(mac, 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { ok: true, id, timestamp };
  }
  return { ok: false, reason: 'signature does not match (a different secret, or a body changed on the way)' };
}
