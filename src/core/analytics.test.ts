import { describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES, EVENT_TYPES, isEventType, validateEvent } from './analytics';

describe('analytics validation (spec §5)', () => {
  it('knows the six event types', () => {
    expect(EVENT_TYPES).toEqual(['identify', 'page', 'track', 'alias', 'group', 'reset']);
    expect(isEventType('track')).toBe(true);
    expect(isEventType('screen')).toBe(false);
  });

  it('requires a userId on alias', () => {
    expect(validateEvent({ type: 'alias' })).toBe('missing userId field for EventTypes.alias');
    expect(validateEvent({ type: 'alias', userId: '  ' })).toBe(ANALYTICS_MESSAGES.aliasUserId);
    expect(validateEvent({ type: 'alias', userId: 'u-1', previousId: 'anon' })).toBeNull();
  });

  it('requires a name on a page event that has a category', () => {
    expect(validateEvent({ type: 'page', category: 'campaigns' })).toBe(
      'missing name field for EventTypes.page',
    );
    expect(validateEvent({ type: 'page', category: 'campaigns', name: 'campaign-detail' })).toBeNull();
    expect(validateEvent({ type: 'page' })).toBeNull();
    expect(validateEvent({ type: 'page', name: 'dashboard' })).toBeNull();
  });

  it('requires an event name on track', () => {
    expect(validateEvent({ type: 'track' })).toBe('missing event field for a track event');
    expect(validateEvent({ type: 'track', event: '' })).toBe(ANALYTICS_MESSAGES.trackEvent);
    expect(validateEvent({ type: 'track', event: 'Report Created' })).toBeNull();
  });

  it('accepts identify, group and reset as they are', () => {
    expect(validateEvent({ type: 'identify', userId: '7' })).toBeNull();
    expect(validateEvent({ type: 'group', groupId: 'org-1' })).toBeNull();
    expect(validateEvent({ type: 'reset' })).toBeNull();
  });
});
