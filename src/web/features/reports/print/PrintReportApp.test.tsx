// The print page of a generated report under React's StrictMode (the development build doubles every effect):
// in capture mode it reads the spec, draws the widgets live and records each answer once, marks the page
// ready when every block has drawn, then draws itself again from the snapshot the server hands back without
// reading anything; a snapshot lacking an answer fails the page with the address it lacks.
import '../../../test/dom-setup';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import type { ReportSnapshot, ReportSpec } from '@contracts/generated-reports';
import { stopSnapshotTransport } from '../../../api/snapshot-transport';
import { fakeServer, json } from '../../../test/fake-server';
import { PrintReportApp } from './PrintReportApp';

const CV = '/api/v3/campaign-visibility/3';

const spec: ReportSpec = {
  reportId: 9,
  title: 'Acme monthly',
  brand: { name: 'Acme', primaryColor: '#1c7ed6', accentColor: '#f08c00', logo: null },
  period: { from: '2025-02-01', to: '2025-02-28', label: 'February 2025' },
  generatedOn: '2025-03-03',
  campaign: { id: 3, name: 'UK shoes', projectId: 1, market: 'gb-en' },
  blocks: [
    { kind: 'text', id: 't', heading: 'Summary', text: 'Who ranks.' },
    { kind: 'widget', id: 'league', type: 'competitors-league', title: null },
  ],
};

const league = {
  startDate: '2025-02-01',
  endDate: '2025-02-28',
  total: 2,
  items: [
    {
      domain: 'a.com',
      rank: 1,
      visibilityScore: 120,
      share: 60,
      visibilityScoreDeltas: { delta: 20, percentageDelta: 20 },
      rankChange: 1,
      tracked: null,
    },
  ],
};

const filters = {
  market: 'gb-en',
  dates: ['2025-02-03', '2025-02-24'],
  domains: [{ value: 'a.com', label: 'A', color: '#1f77b4', isOwn: true }],
  domainGroups: [],
  tags: [],
  groups: [],
  resultTypes: [],
  keywords: 3,
};

const state = () => document.body.dataset.reportState;

function reset() {
  stopSnapshotTransport();
  delete document.body.dataset.reportState;
  delete document.body.dataset.reportError;
}

describe('report print page', () => {
  it('captures once under StrictMode, turns ready, and draws again from the snapshot reading nothing', async () => {
    reset();
    const { requests } = fakeServer({
      'GET /api/v1/generated-reports/4/spec': json(200, spec),
      [`GET ${CV}/filters`]: json(200, filters),
      [`GET ${CV}/competitors`]: json(200, league),
    });
    const view = render(
      <StrictMode>
        <PrintReportApp generatedId={4} capture />
      </StrictMode>,
    );
    await waitFor(() => expect(state()).toBe('ready'));
    expect(view.getByRole('table', { name: 'Competitors league' }).textContent).toContain('a.com');
    const captured = (window as unknown as { __sightlineCapture: Record<string, unknown> })
      .__sightlineCapture;
    const addresses = Object.keys(captured);
    expect(addresses.some((a) => a.startsWith(`${CV}/competitors?`))).toBe(true);
    expect(addresses.some((a) => a.startsWith(`${CV}/filters`))).toBe(true);

    const read = requests.length;
    const snapshot: ReportSnapshot = {
      version: 1,
      spec: { ...spec, title: 'From the snapshot' },
      responses: captured,
    };
    window.__sightlineReplay!(JSON.parse(JSON.stringify(snapshot)));
    await waitFor(() => expect(document.title).toBe('From the snapshot'));
    await waitFor(() => expect(state()).toBe('ready'));
    expect(view.getByRole('table', { name: 'Competitors league' }).textContent).toContain('a.com');
    expect(requests.length).toBe(read);
    view.unmount();
    reset();
  });

  it('fails with the missing address when the snapshot lacks an answer', async () => {
    reset();
    fakeServer({
      'GET /api/v1/generated-reports/4/snapshot': json(200, { version: 1, spec, responses: {} }),
    });
    const view = render(
      <StrictMode>
        <PrintReportApp generatedId={4} capture={false} />
      </StrictMode>,
    );
    await waitFor(() => expect(state()).toBe('failed'));
    expect(document.body.dataset.reportError).toContain(`${CV}/filters`);
    view.unmount();
    reset();
  });
});
