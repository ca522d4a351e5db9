// Configuration from the environment: defaults, every variable read, and errors that name the variable.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({}, '/srv/sightline');
    expect(c).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/sightline/data',
      databaseUrl: null,
      clickhouseUrl: null,
      clickhouseCluster: null,
      clickhouseDatabase: 'sightline',
      adminPassword: null,
      adminEmail: 'admin@sightline.local',
      cookieSecure: false,
      logLevel: 'warn',
      webDir: '/srv/sightline/dist/web',
      uploadLimitBytes: 2048 * 1024 * 1024,
      unzipLimitBytes: 1024 * 1024 * 1024,
      secretKey: null,
      serpBaseUrls: {},
      trustProxy: false,
      limits: { keywordsPerCampaign: 250_000, domainsPerCampaign: 25 },
      publicUrl: null,
      sessionIdleMs: 720 * 60_000,
      google: {
        authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: 'https://oauth2.googleapis.com/token',
        searchConsoleUrl: 'https://searchconsole.googleapis.com',
      },
    });
  });

  it('reads the Google addresses a Search Console stand-in or proxy answers on', () => {
    const c = loadConfig({
      GOOGLE_OAUTH_TOKEN_URL: 'http://127.0.0.1:9000/token',
      SEARCH_CONSOLE_API_URL: 'http://127.0.0.1:9000/',
    });
    expect(c.google.tokenUrl).toBe('http://127.0.0.1:9000/token');
    expect(c.google.searchConsoleUrl).toBe('http://127.0.0.1:9000');
    expect(() => loadConfig({ GOOGLE_OAUTH_AUTH_URL: 'accounts.google.com' })).toThrow(
      /GOOGLE_OAUTH_AUTH_URL/u,
    );
  });

  it('reads PUBLIC_URL without its trailing slash, and SESSION_IDLE_MINUTES', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://sightline.example.com/' }).publicUrl).toBe(
      'https://sightline.example.com',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://example.com/sightline' }).publicUrl).toBe(
      'https://example.com/sightline',
    );
    for (const bad of [
      'sightline.example.com',
      'ftp://example.com',
      'https://example.com/?a=1',
      'https://u@x.com',
    ])
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/u);
    expect(loadConfig({ SESSION_IDLE_MINUTES: '30' }).sessionIdleMs).toBe(30 * 60_000);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '1' })).toThrow(/SESSION_IDLE_MINUTES/u);
  });

  it('reads TRUST_PROXY as a flag, a number of hops or a list of addresses, and the set-up limits', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,192.168.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/u);
    expect(
      loadConfig({ SIGHTLINE_MAX_CAMPAIGN_KEYWORDS: '1000', SIGHTLINE_MAX_TRACKED_DOMAINS: '5' }).limits,
    ).toEqual({
      keywordsPerCampaign: 1000,
      domainsPerCampaign: 5,
    });
    expect(() => loadConfig({ SIGHTLINE_MAX_TRACKED_DOMAINS: '0' })).toThrow(
      /SIGHTLINE_MAX_TRACKED_DOMAINS/u,
    );
  });

  it('reads every variable and treats empty ones as unset', () => {
    const c = loadConfig(
      {
        PORT: '9000',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/sightline',
        DATABASE_URL: 'postgres://u@db:5432/s',
        CLICKHOUSE_URL: 'http://ch:8123',
        CLICKHOUSE_CLUSTER: 'two_shards',
        SIGHTLINE_ADMIN_PASSWORD: 'long enough password',
        SIGHTLINE_ADMIN_EMAIL: ' Boss@Example.com ',
        COOKIE_SECURE: 'true',
        LOG_LEVEL: 'info',
        SIGHTLINE_WEB_DIR: '',
      },
      '/app',
    );
    expect(c).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/var/lib/sightline',
      databaseUrl: 'postgres://u@db:5432/s',
      clickhouseUrl: 'http://ch:8123',
      clickhouseCluster: 'two_shards',
      adminPassword: 'long enough password',
      adminEmail: 'boss@example.com',
      cookieSecure: true,
      logLevel: 'info',
      webDir: '/app/dist/web',
    });
  });

  it('names every bad variable and why', () => {
    const bad = {
      PORT: '80000',
      DATABASE_URL: 'mysql://x',
      LOG_LEVEL: 'loud',
      COOKIE_SECURE: 'maybe',
      SIGHTLINE_ADMIN_PASSWORD: 'short',
      SIGHTLINE_ADMIN_EMAIL: 'nobody',
    };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    let message = '';
    try {
      loadConfig(bad);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('PORT: expected a port from 1 to 65535');
    expect(message).toContain('DATABASE_URL: expected a PostgreSQL URL');
    expect(message).toContain('LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent');
    expect(message).toContain('COOKIE_SECURE: expected true or false');
    expect(message).toContain('SIGHTLINE_ADMIN_PASSWORD: use at least 12 characters');
    expect(message).toContain('SIGHTLINE_ADMIN_EMAIL: expected an email address');
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: expected a port number/);
  });
});
