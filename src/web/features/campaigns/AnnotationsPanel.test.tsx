// The campaign page's Annotations panel against a fake server: list, add (campaign or organisation-wide),
// edit, delete after a confirmation, and a CSV import whose refusal lists each bad line.
import '../../test/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Annotation } from '@contracts/annotations';
import { fakeServer, json, meFixture } from '../../test/fake-server';
import type { FakeRoute } from '../../test/fake-server';
import { renderApp } from '../../test/render';

const campaign = {
  id: 11,
  projectId: 1,
  projectName: 'Retail',
  name: 'UK fashion',
  market: 'gb-en',
  ctrModel: 'default',
  schedule: null,
  trackedDomains: 0,
  createdAt: '2025-03-01T09:00:00Z',
  domains: [],
  domainGroups: [],
  keywords: 0,
  tags: [],
  groups: [],
};

const annotation = (id: number, patch: Partial<Annotation>): Annotation => ({
  id,
  campaignId: 11,
  date: '2025-02-01',
  title: 'Title',
  note: null,
  source: 'note',
  createdBy: 1,
  createdAt: '2025-03-01T00:00:00.000Z',
  ...patch,
});

function server(roles: Parameters<typeof meFixture>[0], extra: Record<string, FakeRoute> = {}) {
  let items: Annotation[] = [
    annotation(1, {
      campaignId: null,
      date: '2024-03-05',
      title: 'March core update',
      source: 'search-engine-update',
    }),
    annotation(2, { title: 'New category pages', note: 'Ten pages' }),
  ];
  let next = 3;
  const fake = fakeServer({
    'GET /api/v1/me': json(200, meFixture(roles)),
    'GET /api/v1/projects': json(200, {
      items: [{ id: 1, name: 'Retail', createdAt: '2025-01-01T00:00:00Z' }],
    }),
    'GET /api/v1/markets': json(200, { items: [] }),
    'GET /api/v1/campaigns/11': json(200, campaign),
    'GET /api/v1/annotations': () => json(200, { items }),
    'POST /api/v1/annotations': (req) => {
      const created = annotation(next++, req.body as Partial<Annotation>);
      items = [...items, created];
      return json(201, created);
    },
    'PATCH /api/v1/annotations/2': (req) => {
      items = items.map((a) => (a.id === 2 ? { ...a, ...(req.body as Partial<Annotation>) } : a));
      return json(
        200,
        items.find((a) => a.id === 2),
      );
    },
    'DELETE /api/v1/annotations/2': () => {
      items = items.filter((a) => a.id !== 2);
      return json(204);
    },
    ...extra,
  });
  return fake;
}

const table = () => screen.findByRole('table', { name: 'Annotations' });

describe('Annotations panel', () => {
  it('lists, adds, edits and deletes annotations', async () => {
    const { requests } = server(['ROLE_CV']);
    renderApp('/campaigns/11');
    const list = await table();
    expect(within(list).getByText('March core update')).toBeTruthy();
    expect(within(list).getByText('Search-engine update')).toBeTruthy();
    expect(within(list).getByText('Every campaign')).toBeTruthy();
    expect(within(list).getByText('Ten pages')).toBeTruthy();
    expect(requests.find((r) => r.url.startsWith('/api/v1/annotations'))!.url).toBe(
      '/api/v1/annotations?campaign=11',
    );

    const form = screen.getByRole('form', { name: 'Add an annotation' });
    fireEvent.change(within(form).getByLabelText(/Date/), { target: { value: '2025-03-02' } });
    fireEvent.change(within(form).getByLabelText(/Title/), { target: { value: 'Spring sale' } });
    fireEvent.change(within(form).getByLabelText('Note'), { target: { value: 'All week' } });
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.click(within(form).getByRole('button', { name: 'Add annotation' }));
    await within(await table()).findByText('Spring sale');
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      date: '2025-03-02',
      title: 'Spring sale',
      note: 'All week',
      campaignId: null,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Edit annotation New category pages' }));
    const edit = screen.getByRole('form', { name: 'Edit the annotation' });
    expect((within(edit).getByLabelText(/Title/) as HTMLInputElement).value).toBe('New category pages');
    fireEvent.change(within(edit).getByLabelText(/Title/), { target: { value: 'Category pages live' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save annotation' }));
    await within(await table()).findByText('Category pages live');
    expect(requests.find((r) => r.method === 'PATCH')!.body).toMatchObject({
      title: 'Category pages live',
      campaignId: 11,
      note: 'Ten pages',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete annotation Category pages live' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete annotation' }));
    await waitFor(() => expect(screen.queryByText('Category pages live')).toBeNull());
  });

  it('imports a CSV and lists each error of a refused file', async () => {
    let refuse = true;
    const { requests } = server(['ROLE_CV'], {
      'POST /api/v1/annotations/import': () =>
        refuse
          ? json(400, {
              error: {
                code: 'invalid_csv',
                message: 'nothing was imported: line 3: "05/03/2024" is not a date (and 1 more errors)',
                details: {
                  errors: [
                    {
                      line: 3,
                      column: 'date',
                      message: 'line 3: "05/03/2024" is not a date; write a real day as YYYY-MM-DD',
                    },
                    {
                      line: 4,
                      column: 'title',
                      message: 'line 4: the title is empty; give every row a title',
                    },
                  ],
                },
              },
            })
          : json(200, { created: 2 }),
    });
    renderApp('/campaigns/11');
    await table();
    const input = screen.getByLabelText('CSV of search-engine updates');
    const csv = 'date,title\n2024-03-05,Core\n05/03/2024,Bad\n2024-01-01,\n';
    fireEvent.change(input, { target: { files: [new File([csv], 'updates.csv', { type: 'text/csv' })] } });
    const errors = await screen.findByRole('list', { name: 'Errors in the file' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'line 3: "05/03/2024" is not a date; write a real day as YYYY-MM-DD',
      'line 4: the title is empty; give every row a title',
    ]);
    expect(requests.find((r) => r.url === '/api/v1/annotations/import')!.body).toEqual({
      csv,
      campaignId: null,
    });

    refuse = false;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Organisation-wide' }));
    fireEvent.change(input, { target: { files: [new File(['date,title\n2024-03-05,Core\n'], 'ok.csv')] } });
    expect((await screen.findByRole('status')).textContent).toBe('Imported 2 annotations.');
    expect(requests.filter((r) => r.url === '/api/v1/annotations/import')[1]!.body).toMatchObject({
      campaignId: 11,
    });
  });

  it('is read-only without ROLE_CV', async () => {
    server(['ROLE_VE']);
    renderApp('/campaigns/11');
    await table();
    expect(screen.queryByRole('form', { name: 'Add an annotation' })).toBeNull();
    expect(screen.queryByLabelText('CSV of search-engine updates')).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete annotation/ })).toBeNull();
  });
});
