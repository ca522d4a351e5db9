import '../../test/dom-setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ImportJobView } from '@contracts/imports';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import { renderApp } from '../../test/render';

const job = (over: Partial<ImportJobView>): ImportJobView => ({
  id: 3,
  status: 'succeeded',
  files: ['ranks.csv'],
  format: null,
  formats: ['serp-csv'],
  market: null,
  campaignId: null,
  target: null,
  dryRun: false,
  phase: 'done',
  bytesTotal: 2048,
  bytesRead: 2048,
  rowsRead: 12,
  rowsWritten: 11,
  rowsRejected: 1,
  written: {
    keywords: 2,
    serpResults: 11,
    snapshots: 2,
    rankObservations: 0,
    searchConsoleRows: 0,
    campaignKeywords: 0,
  },
  warningCount: 0,
  warnings: [],
  rejects: [{ file: 'ranks.csv', line: 7, code: 'invalid-url', reason: 'the URL has no host', field: 'url' }],
  createdAt: '2026-03-02T10:00:00Z',
  startedAt: '2026-03-02T10:00:00Z',
  finishedAt: '2026-03-02T10:00:02Z',
  durationMs: 1500,
  error: null,
  ...over,
});

const WORKSPACE = {
  'GET /api/v1/me': json(200, meFixture(['ROLE_CV'])),
  'GET /api/v1/projects': json(200, {
    items: [{ id: 1, name: 'Retail', createdAt: '2025-01-01T00:00:00Z' }],
  }),
  'GET /api/v1/markets': json(200, { items: [] }),
  'GET /api/v1/campaigns': json(200, { items: [] }),
};

/** The browser's XMLHttpRequest, answering one upload: progress events, then 202 with `answer`. */
function fakeXhr(answer: ImportJobView) {
  const sent: { url: string; headers: Record<string, string>; body: FormData | null }[] = [];
  class FakeXhr {
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: FormData) {
      sent.push({ url: this.url, headers: this.headers, body });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 512, total: 1024 });
        setTimeout(() => {
          this.status = 202;
          this.responseText = JSON.stringify(answer);
          this.onload?.();
        }, 20);
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('Import data screen', () => {
  it('shows the history, and a past job’s summary with its rejected rows', async () => {
    fakeServer({
      ...WORKSPACE,
      'GET /api/v1/imports': json(200, { items: [job({})] }),
      'GET /api/v1/imports/3': json(200, job({})),
    });
    renderApp('/imports');
    const history = await screen.findByRole('table', { name: 'Import history' }, { timeout: 5000 });
    expect(within(history).getByText('ranks.csv')).toBeTruthy();
    fireEvent.click(within(history).getByRole('button', { name: '#3' }));
    const summary = await screen.findByLabelText('Summary of import 3');
    expect(within(summary).getByText('Import #3 succeeded')).toBeTruthy();
    const rejects = within(summary).getByRole('table', { name: /Rejected rows/ });
    expect(within(rejects).getByText('ranks.csv:7')).toBeTruthy();
    expect(within(rejects).getByText('the URL has no host')).toBeTruthy();
  });

  it('uploads the chosen files with the options, follows the job and shows its summary', async () => {
    let polls = 0;
    const running = job({
      id: 9,
      status: 'running',
      phase: 'reading',
      bytesRead: 1024,
      rowsRead: 6,
      durationMs: null,
    });
    const { requests } = fakeServer({
      ...WORKSPACE,
      'GET /api/v1/imports': json(200, { items: [] }),
      'GET /api/v1/imports/9': () =>
        json(200, ++polls < 2 ? running : job({ id: 9, dryRun: true, rowsRejected: 0, rejects: [] })),
    });
    const sent = fakeXhr(running);
    renderApp('/imports');
    await screen.findByText('No imports yet', {}, { timeout: 5000 });
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['date,market\n'], 'ranks.csv')] } });
    expect(await screen.findByText('ranks.csv')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Default market' }), {
      target: { value: 'gb-en' },
    });
    fireEvent.click(screen.getByRole('switch', { name: /Dry run/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Check files' }));
    expect(await screen.findByText(/Uploading|Reading/)).toBeTruthy();
    const summary = await screen.findByLabelText('Summary of import 9', {}, { timeout: 4000 });
    expect(within(summary).getByText('Import #9: dry run passed')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/v1/imports?market=gb-en&dryRun=true');
    expect(sent[0]!.headers['X-CSRF-Token']).toBe('csrf-token-1234');
    expect((sent[0]!.body!.get('file') as File).name).toBe('ranks.csv');
    await waitFor(() =>
      expect(requests.filter((r) => r.url === '/api/v1/imports').length).toBeGreaterThan(1),
    );
  });

  it('says why when the upload is refused', async () => {
    fakeServer({ ...WORKSPACE, 'GET /api/v1/imports': json(200, { items: [] }) });
    class RefusingXhr {
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      status = 413;
      responseText = JSON.stringify({
        error: { code: 'payload_too_large', message: 'the upload is larger than the limit of 2,048 MB' },
      });
      open() {}
      setRequestHeader() {}
      send() {
        setTimeout(() => this.onload?.(), 5);
      }
    }
    vi.stubGlobal('XMLHttpRequest', RefusingXhr);
    renderApp('/imports');
    await screen.findByText('No imports yet', {}, { timeout: 5000 });
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['x'], 'huge.csv')] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The upload failed')).toBeTruthy();
    expect(screen.getByText('The upload is larger than the limit of 2,048 MB.')).toBeTruthy();
  });

  it('shows an error with a retry when the history cannot be loaded', async () => {
    fakeServer({
      ...WORKSPACE,
      'GET /api/v1/imports': json(500, { error: { code: 'internal', message: 'boom' } }),
    });
    renderApp('/imports');
    expect(await screen.findByText('Imports could not be loaded', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again|Retry/ })).toBeTruthy();
  });
});
