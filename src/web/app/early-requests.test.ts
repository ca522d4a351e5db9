import { describe, expect, it } from 'vitest';
import { earlyRequests } from './early-requests';

describe('early requests of an address', () => {
  it('asks for the session, the header data, the campaign, its filter options and the widgets config', () => {
    expect(earlyRequests('/4/competitive-analysis/cv')).toEqual({
      screen: 'campaign-visibility',
      campaign: 4,
      urls: [
        '/api/v1/me',
        '/api/v1/projects',
        '/api/v1/markets',
        '/api/v1/campaigns/4',
        '/api/v3/campaign-visibility/4/filters',
        '/api/v2/widgets?moduleName=campaign-visibility',
      ],
    });
    expect(earlyRequests('/4/competitive-analysis/cv/de_DE').campaign).toBe(4);
  });

  it('asks only for the session and header data on other screens and on a malformed campaign id', () => {
    expect(earlyRequests('/campaigns').urls).toEqual(['/api/v1/me', '/api/v1/projects', '/api/v1/markets']);
    expect(earlyRequests('/abc/competitive-analysis/cv')).toMatchObject({ campaign: null });
  });

  it('asks for nothing on public pages and unknown addresses', () => {
    expect(earlyRequests('/login')).toEqual({ screen: null, campaign: null, urls: [] });
    expect(earlyRequests('/no/such/page/here')).toEqual({ screen: null, campaign: null, urls: [] });
  });
});
