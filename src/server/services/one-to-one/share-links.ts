// Read-only share links of one comparison (issue 6 item 3): made by a signed-in user for two hosts and a
// market with a life of 1–90 days, listed and revoked by their organisation, and checked on every read
// made with their token: a token the server did not sign is 401, a revoked or expired link 410 with a
// message saying so and what to do, and a token used for other hosts or another market 403. A link's
// address is built on PUBLIC_URL when configured (never on a request's Host header), else it is the path.
import { oneToOnePath, type CreateShareLinkBody, type ShareLinkBody } from '@contracts/one-to-one';
import { DEFAULT_TIME_SPAN } from '@core/date-range';
import type { MetaStore } from '@storage/meta-store';
import type { ShareLink } from '@storage/share-link-store';
import type { AuthContext } from '../../auth/session';
import { publicLink } from '../../config';
import { HttpError, forbidden, notFound } from '../../http/errors';
import { rankMarket } from '../market-keys';
import { checkComparedHost } from './comparison';
import type { Shared } from './data';
import type { ShareTokenSigner } from './share-token';

/** A day in milliseconds. */
const DAY_MS = 24 * 60 * 60 * 1000;
/** Links listed per organisation. */
const LIST_LIMIT = 200;

const invalid = () =>
  new HttpError(
    401,
    'share_link_invalid',
    'This share link is not valid (it was changed or cut short); ask its owner to send it again',
  );

/** `2025-03-19 12:00 UTC`: an instant as people read it in a message. */
const readable = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** A link's row as the token checks need it. */
interface LinkLife {
  expiresAt: string;
  revokedAt: string | null;
}

/** Whether a link is active, expired or revoked at `now` (ISO instant). */
export const linkStatus = (link: LinkLife, now: string): 'active' | 'expired' | 'revoked' =>
  link.revokedAt !== null ? 'revoked' : link.expiresAt <= now ? 'expired' : 'active';

/** The expiry of a link in whole seconds from now: the token carries it in Unix seconds. */
export const linkExpiry = (now: Date, days: number): string =>
  new Date(Math.floor((now.getTime() + days * DAY_MS) / 1000) * 1000).toISOString();

/**
 * The stored link that `token` opens, once the token is this signer's, names a link `find` has with the same
 * expiry, and that link is neither revoked (410) nor expired (410); 401 for any other token. Shared by the
 * comparison's and the dashboards' share links.
 */
export async function liveShareLink<L extends LinkLife>(
  signer: ShareTokenSigner,
  token: string,
  now: Date,
  find: (id: number) => Promise<L | null>,
): Promise<L> {
  const claims = signer.verify(token);
  if (claims === null) throw invalid();
  const link = await find(claims.linkId);
  if (link === null || Math.floor(Date.parse(link.expiresAt) / 1000) !== claims.expiresAt) throw invalid();
  if (link.revokedAt !== null) {
    throw new HttpError(
      410,
      'share_link_revoked',
      `This share link was revoked on ${readable(link.revokedAt)}; ask its owner for a new one`,
    );
  }
  if (link.expiresAt <= now.toISOString()) {
    throw new HttpError(
      410,
      'share_link_expired',
      `This share link expired on ${readable(link.expiresAt)}; ask its owner for a new one`,
    );
  }
  return link;
}

const sameHost = (x: string, y: string) => x.trim().toLowerCase() === y.trim().toLowerCase();

export class ShareLinks {
  constructor(
    private readonly meta: MetaStore,
    private readonly signer: ShareTokenSigner,
    private readonly now: () => Date,
    /** PUBLIC_URL, that a link's address is built on (null: the path). */
    private readonly publicUrl: string | null,
  ) {}

  private tokenOf(link: ShareLink): string {
    return this.signer.sign({ linkId: link.id, expiresAt: Math.floor(Date.parse(link.expiresAt) / 1000) });
  }

  private body(link: ShareLink, makers: ReadonlyMap<number, string>): ShareLinkBody {
    const now = this.now().toISOString();
    const token = this.tokenOf(link);
    const hosts: [string, string] = [link.hostA, link.hostB];
    const path = oneToOnePath(hosts, DEFAULT_TIME_SPAN, link.market, token);
    return {
      id: link.id,
      hosts,
      market: link.market,
      createdAt: link.createdAt,
      createdBy: makers.get(link.createdBy) ?? 'a former user',
      expiresAt: link.expiresAt,
      revokedAt: link.revokedAt,
      status: linkStatus(link, now),
      path,
      url: publicLink(this.publicUrl, path),
      token,
    };
  }

  async create(auth: AuthContext, b: CreateShareLinkBody): Promise<ShareLinkBody> {
    for (const host of b.host) checkComparedHost(host);
    await rankMarket(this.meta, auth.user.organisationId, b.market);
    const now = this.now();
    const expiresAt = linkExpiry(now, b.days);
    const link = await this.meta.createShareLink(
      {
        organisationId: auth.user.organisationId,
        createdBy: auth.user.id,
        hostA: b.host[0]!,
        hostB: b.host[1]!,
        market: b.market,
        expiresAt,
      },
      now.toISOString(),
    );
    return this.body(link, new Map([[auth.user.id, auth.user.name]]));
  }

  async list(auth: AuthContext): Promise<ShareLinkBody[]> {
    const org = auth.user.organisationId;
    const [links, users] = await Promise.all([
      this.meta.listShareLinks(org, LIST_LIMIT),
      this.meta.listUsers(org),
    ]);
    const makers = new Map(users.map((u) => [u.id, u.name]));
    return links.map((l) => this.body(l, makers));
  }

  async revoke(auth: AuthContext, id: number): Promise<void> {
    const done = await this.meta.revokeShareLink(auth.user.organisationId, id, this.now().toISOString());
    if (!done) throw notFound(`share link ${id}`);
  }

  /**
   * What a read with `token` may see: the link's comparison only (hosts A,B in that order and its market).
   * Returns who shared it and until when, for the shared page's line, and the sharing organisation, whose
   * market the comparison reads.
   */
  async authorise(
    token: string,
    hosts: readonly [string, string],
    market: string,
  ): Promise<{ shared: Shared; organisationId: number }> {
    const link = await liveShareLink(this.signer, token, this.now(), (id) => this.meta.getShareLink(id));
    if (!sameHost(hosts[0], link.hostA) || !sameHost(hosts[1], link.hostB) || market !== link.market) {
      throw forbidden(
        'share_link_scope',
        `This share link opens only the comparison of ${link.hostA} and ${link.hostB} in ${link.market}`,
      );
    }
    const org = await this.meta.getOrganisation(link.organisationId);
    return {
      shared: { organisation: org?.name ?? 'an organisation', expiresAt: link.expiresAt },
      organisationId: link.organisationId,
    };
  }
}
