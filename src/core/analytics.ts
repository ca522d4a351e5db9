// Analytics events of spec §7 (identify, page, track, alias, group, reset) and their validation rules of
// spec §5, with the exact messages. Pure: the web's analytics client validates here before handing an event
// to whatever sink is plugged in.

export const EventTypes = {
  identify: 'identify',
  page: 'page',
  track: 'track',
  alias: 'alias',
  group: 'group',
  reset: 'reset',
} as const;

export type EventType = (typeof EventTypes)[keyof typeof EventTypes];

export const EVENT_TYPES: readonly EventType[] = Object.values(EventTypes);

export type EventProperties = Record<string, unknown>;

export interface IdentifyEvent {
  type: 'identify';
  userId?: string | null;
  traits?: EventProperties;
}
export interface PageEvent {
  type: 'page';
  category?: string | null;
  name?: string | null;
  properties?: EventProperties;
}
export interface TrackEvent {
  type: 'track';
  event?: string | null;
  properties?: EventProperties;
}
export interface AliasEvent {
  type: 'alias';
  userId?: string | null;
  previousId?: string | null;
}
export interface GroupEvent {
  type: 'group';
  groupId?: string | null;
  traits?: EventProperties;
}
export interface ResetEvent {
  type: 'reset';
}

export type AnalyticsEvent = IdentifyEvent | PageEvent | TrackEvent | AliasEvent | GroupEvent | ResetEvent;

/** The messages of spec §5 and §8, word for word. */
export const ANALYTICS_MESSAGES = {
  aliasUserId: 'missing userId field for EventTypes.alias',
  pageName: 'missing name field for EventTypes.page',
  trackEvent: 'missing event field for a track event',
  clientMissing: 'analytics client missing: event dropped',
  unsupported: (type: string) => `analytics event type ${type} is not supported by the client`,
} as const;

const present = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * The validation error of spec §5 for `event`, or null when it may be sent: alias needs a userId, a page
 * with a category needs a name, a track needs an event name.
 */
export function validateEvent(event: AnalyticsEvent): string | null {
  switch (event.type) {
    case 'alias':
      return present(event.userId) ? null : ANALYTICS_MESSAGES.aliasUserId;
    case 'page':
      return present(event.category) && !present(event.name) ? ANALYTICS_MESSAGES.pageName : null;
    case 'track':
      return present(event.event) ? null : ANALYTICS_MESSAGES.trackEvent;
    case 'identify':
    case 'group':
    case 'reset':
      return null;
  }
}
