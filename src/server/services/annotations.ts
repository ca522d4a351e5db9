// Annotations (issue 29 item 6): dated notes of an organisation, campaign-wide or organisation-wide, written
// by hand or imported from a CSV of known search-engine updates (all rows or none). Campaigns and
// annotations of another organisation answer 404, their existence not revealed.
import type { z } from 'zod';
import type {
  Annotation,
  annotationsQuery,
  createAnnotationRequest,
  importAnnotationsRequest,
  updateAnnotationRequest,
} from '@contracts/annotations';
import { readAnnotationCsv } from '@core/annotation-csv';
import type { MetaStore } from '@storage/meta-store';
import { HttpError, notFound } from '../http/errors';
import type { Actor } from './campaign-setup/context';

const view = (a: Annotation): Annotation => ({
  id: a.id,
  campaignId: a.campaignId,
  date: a.date,
  title: a.title,
  note: a.note,
  source: a.source,
  createdBy: a.createdBy,
  createdAt: a.createdAt,
});

export class AnnotationService {
  constructor(
    private readonly meta: MetaStore,
    private readonly now: () => Date,
  ) {}

  /** The organisation-wide annotations, plus the campaign's when one is named, by date. */
  async list(auth: Actor, q: z.output<typeof annotationsQuery>): Promise<{ items: Annotation[] }> {
    if (q.campaign !== undefined) await this.requireCampaign(auth, q.campaign);
    const items = await this.meta.listAnnotations(auth.user.organisationId, {
      campaignId: q.campaign ?? null,
      ...(q.from !== undefined && { from: q.from }),
      ...(q.to !== undefined && { to: q.to }),
    });
    return { items: items.map(view) };
  }

  async create(auth: Actor, req: z.output<typeof createAnnotationRequest>): Promise<Annotation> {
    await this.requireCampaign(auth, req.campaignId);
    const [created] = await this.meta.createAnnotations(
      [
        {
          organisationId: auth.user.organisationId,
          campaignId: req.campaignId,
          date: req.date,
          title: req.title,
          note: req.note ?? null,
          source: 'note',
          createdBy: auth.user.id,
        },
      ],
      this.now().toISOString(),
    );
    return view(created!);
  }

  async update(
    auth: Actor,
    id: number,
    patch: z.output<typeof updateAnnotationRequest>,
  ): Promise<Annotation> {
    if (patch.campaignId !== undefined) await this.requireCampaign(auth, patch.campaignId);
    const updated = await this.meta.updateAnnotation(auth.user.organisationId, id, patch);
    if (!updated) throw notFound(`annotation ${id}`);
    return view(updated);
  }

  async remove(auth: Actor, id: number): Promise<void> {
    if (!(await this.meta.deleteAnnotation(auth.user.organisationId, id))) throw notFound(`annotation ${id}`);
  }

  /**
   * Imports a CSV of known search-engine updates (core/annotations.ts readAnnotationCsv): every row or, when
   * any row is bad, none — a 400 `invalid_csv` whose details list each error with its line and column.
   */
  async importCsv(auth: Actor, req: z.output<typeof importAnnotationsRequest>): Promise<{ created: number }> {
    await this.requireCampaign(auth, req.campaignId);
    const read = readAnnotationCsv(req.csv);
    if (!read.ok) {
      const [first] = read.errors;
      const more = read.errors.length > 1 ? ` (and ${read.errors.length - 1} more errors)` : '';
      throw new HttpError(400, 'invalid_csv', `nothing was imported: ${first!.message}${more}`, {
        errors: read.errors,
      });
    }
    const created = await this.meta.createAnnotations(
      read.rows.map((r) => ({
        organisationId: auth.user.organisationId,
        campaignId: req.campaignId,
        date: r.date,
        title: r.title,
        note: r.note,
        source: 'search-engine-update' as const,
        createdBy: auth.user.id,
      })),
      this.now().toISOString(),
    );
    return { created: created.length };
  }

  /** 404 unless the campaign (when one is named) belongs to the user's organisation. */
  private async requireCampaign(auth: Actor, campaignId: number | null): Promise<void> {
    if (campaignId === null) return;
    if (!(await this.meta.getCampaign(auth.user.organisationId, campaignId))) {
      throw notFound(`campaign ${campaignId}`);
    }
  }
}
