// The analytics client: validates each event with the rules of spec §5 (src/core/analytics) and hands it to
// a pluggable sink. No sink is plugged in by default, so nothing leaves the browser unless a deployment adds
// one with setSink. Warns (spec §8) when the sink is missing or does not support an event type.
import { ANALYTICS_MESSAGES, validateEvent } from '@core/analytics';
import type {
  AliasEvent,
  AnalyticsEvent,
  EventProperties,
  GroupEvent,
  IdentifyEvent,
  PageEvent,
  ResetEvent,
  TrackEvent,
} from '@core/analytics';
import { logger } from '../lib/logger';

/** Where events go. A sink implements the event types it supports; a missing method means unsupported. */
export interface AnalyticsSink {
  identify?: (event: IdentifyEvent) => void;
  page?: (event: PageEvent) => void;
  track?: (event: TrackEvent) => void;
  alias?: (event: AliasEvent) => void;
  group?: (event: GroupEvent) => void;
  reset?: (event: ResetEvent) => void;
}

export interface AnalyticsClient {
  identify: (userId: string, traits?: EventProperties) => boolean;
  page: (category: string | null, name: string | null, properties?: EventProperties) => boolean;
  track: (event: string, properties?: EventProperties) => boolean;
  alias: (userId: string, previousId?: string) => boolean;
  group: (groupId: string, traits?: EventProperties) => boolean;
  reset: () => boolean;
  setSink: (sink: AnalyticsSink | null) => void;
}

type Warn = (message: string) => void;

/** A client over `sink`; each call returns true when the event reached the sink. */
export function createAnalytics(
  sink: AnalyticsSink | null = null,
  warn: Warn = logger.warn,
): AnalyticsClient {
  let current = sink;
  // Without a sink every page view would warn; once per client says the same thing without the noise.
  let warnedMissing = false;

  const send = (event: AnalyticsEvent): boolean => {
    const invalid = validateEvent(event);
    if (invalid) {
      warn(invalid);
      return false;
    }
    if (!current) {
      if (!warnedMissing) warn(ANALYTICS_MESSAGES.clientMissing);
      warnedMissing = true;
      return false;
    }
    const handler = current[event.type] as ((e: AnalyticsEvent) => void) | undefined;
    if (typeof handler !== 'function') {
      warn(ANALYTICS_MESSAGES.unsupported(event.type));
      return false;
    }
    handler.call(current, event);
    return true;
  };

  return {
    identify: (userId, traits) => send({ type: 'identify', userId, traits }),
    page: (category, name, properties) => send({ type: 'page', category, name, properties }),
    track: (event, properties) => send({ type: 'track', event, properties }),
    alias: (userId, previousId) => send({ type: 'alias', userId, previousId }),
    group: (groupId, traits) => send({ type: 'group', groupId, traits }),
    reset: () => send({ type: 'reset' }),
    setSink: (next) => {
      current = next;
      warnedMissing = false;
    },
  };
}

/** The app's client. */
export const analytics = createAnalytics();
