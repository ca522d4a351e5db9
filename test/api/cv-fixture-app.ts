// The test app most campaign-visibility and rankings API files share: the clock at 2025-02-01 12:00 UTC, the
// hand-made campaign of cv-fixture.ts in organisation Acme, and three signed-in clients — an analyst
// (ROLE_CV), a user of Acme without ROLE_CV and another organisation's analyst (for 403 and 404 cases).
import { afterAll, beforeAll } from 'vitest';
import { seedCvFixture, type CvFixture } from './cv-fixture';
import { Client, createTestApp, seedOrganisation, seedUser, type TestApp } from './helpers';

export interface CvFixtureApp {
  t: TestApp;
  fx: CvFixture;
  /** ROLE_CV in Acme, the fixture's organisation. */
  analyst: Client;
  /** ROLE_REPORTS only, in Acme. */
  noRole: Client;
  /** ROLE_CV in Globex, another organisation. */
  outsider: Client;
}

/** Registers the file's beforeAll / afterAll; the returned object is filled in by the beforeAll. */
export function useCvFixtureApp(): CvFixtureApp {
  const app = {} as CvFixtureApp;
  beforeAll(async () => {
    app.t = await createTestApp({ now: () => new Date('2025-02-01T12:00:00Z') });
    const { stores } = app.t;
    const acme = await seedOrganisation(stores, 'Acme');
    const globex = await seedOrganisation(stores, 'Globex');
    await seedUser(stores, acme.id, 'analyst@acme.test', ['ROLE_CV']);
    await seedUser(stores, acme.id, 'reporter@acme.test', ['ROLE_REPORTS']);
    await seedUser(stores, globex.id, 'analyst@globex.test', ['ROLE_CV']);
    app.fx = await seedCvFixture(stores, acme.id);
    app.analyst = await Client.signIn(app.t.app, 'analyst@acme.test');
    app.noRole = await Client.signIn(app.t.app, 'reporter@acme.test');
    app.outsider = await Client.signIn(app.t.app, 'analyst@globex.test');
  });
  afterAll(async () => app.t?.close());
  return app;
}
