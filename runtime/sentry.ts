import {
  browserTracingIntegration,
  captureException,
  getCurrentScope,
  init,
  replayIntegration,
  type addIntegration,
} from '@sentry/browser';
import type { RuntimeConfig } from '../src/contract/index.ts';
import { EXTENSION_URLS, ignoreListOf } from './error-noise.ts';
import type { Sampling } from './error-sampling.ts';
import { isDroppedRejection, isNotFound } from './errors.ts';

/**
 * Every trace of the session samples with the session's own roll (runtime/error-sampling.ts): the SDK's decision
 * (roll < traces rate) is then the one the runtime made before loading it, and the traces carry the configured
 * rate, so the service's counts extrapolate correctly. Registered before the tracing integration, whose page-load
 * trace starts while the SDK sets up.
 */
type Integration = Parameters<typeof addIntegration>[0];

const sessionTraceSampling = (roll: number): Integration => ({
  name: 'FieldhouseSessionSampling',
  setup(client) {
    client.on('beforeSampling', () => {
      const scope = getCurrentScope();
      scope.setPropagationContext({ ...scope.getPropagationContext(), sampleRand: roll });
    });
  },
});

/** Start the SDK with behaviour §1's sample rates and §8's filters; returns how the runtime reports an error. */
export function startSentry(config: RuntimeConfig['errorReporting'], release: string, sampling: Sampling) {
  const { sampleRates } = config;
  init({
    dsn: config.dsn ?? undefined,
    release,
    sampleRate: sampleRates.error,
    tracesSampleRate: sampleRates.traces,
    // The session was rolled before the SDK loaded; replays on error buffer from the moment it did.
    replaysSessionSampleRate: sampling.replayed ? 1 : 0,
    replaysOnErrorSampleRate: sampleRates.replaysOnError,
    integrations: [sessionTraceSampling(sampling.rolls.traces), browserTracingIntegration(), replayIntegration()],
    ignoreErrors: ignoreListOf(config.ignoreErrors),
    denyUrls: EXTENSION_URLS,
    beforeSend(event, hint) {
      const error = hint.originalException;
      if (isNotFound(error)) return null;
      const mechanism = event.exception?.values?.[0]?.mechanism?.type ?? '';
      if (mechanism.includes('unhandledrejection') && isDroppedRejection(error, config.dropRejectionUrls)) return null;
      return event;
    },
  });
  return (error: unknown, context?: Record<string, unknown>) =>
    void captureException(error, context ? { extra: context } : undefined);
}
