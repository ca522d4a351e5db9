// The organisation's own SMTP server (issue 31 item 5): its settings (ROLE_ADMIN), the password sealed at rest
// with the same SecretBox as the SERP provider keys (bound to the organisation), a test send, and sending
// through nodemailer. An organisation without settings sends nothing.
import nodemailer from 'nodemailer';
import type { z } from 'zod';
import type { smtpSettings, updateSmtpRequest } from '@contracts/notifications';
import type { MetaStore } from '@storage/meta-store';
import type { SmtpSettings } from '@storage/task-store';
import { HttpError } from '../../http/errors';
import type { SecretBox } from '../rank-checks/secret-box';
import type { Actor } from '../campaign-setup/context';

/** Milliseconds to wait for the mail server at each step before giving up: a dead server must not hang a request. */
const SMTP_TIMEOUT_MS = 15_000;

export interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  /** Files sent with it (a scheduled report's PDF). */
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
}

/** The server's answer to one send. */
export interface SentMail {
  accepted: string[];
  response: string;
}

const context = (organisationId: number) => `smtp:${organisationId}`;

function view(s: SmtpSettings | null): z.output<typeof smtpSettings> {
  return {
    configured: s !== null,
    host: s?.host ?? null,
    port: s?.port ?? null,
    security: s?.security ?? null,
    username: s?.username ?? null,
    hasPassword: s?.passwordSealed != null,
    fromAddress: s?.fromAddress ?? null,
    updatedAt: s?.updatedAt ?? null,
  };
}

export class MailService {
  constructor(
    private readonly meta: MetaStore,
    private readonly box: SecretBox,
    private readonly now: () => Date,
  ) {}

  async settings(auth: Actor): Promise<z.output<typeof smtpSettings>> {
    return view(await this.meta.getSmtpSettings(auth.user.organisationId));
  }

  async update(auth: Actor, req: z.output<typeof updateSmtpRequest>): Promise<z.output<typeof smtpSettings>> {
    const orgId = auth.user.organisationId;
    const stored = await this.meta.getSmtpSettings(orgId);
    const passwordSealed =
      req.password === undefined
        ? (stored?.passwordSealed ?? null)
        : req.password === null || req.password === ''
          ? null
          : this.box.seal(req.password, context(orgId));
    const next: SmtpSettings = {
      host: req.host,
      port: req.port,
      security: req.security,
      username: req.username === '' ? null : req.username,
      passwordSealed,
      fromAddress: req.fromAddress,
      updatedAt: this.now().toISOString(),
    };
    await this.meta.setSmtpSettings(orgId, next);
    return view(next);
  }

  async remove(auth: Actor): Promise<void> {
    await this.meta.deleteSmtpSettings(auth.user.organisationId);
  }

  /** Sends a short test message (to `to`, else to the admin); a refusal answers 502 with the server's words. */
  async testSend(auth: Actor, to: string | undefined): Promise<SentMail> {
    const sent = await this.send(auth.user.organisationId, {
      to: [to ?? auth.user.email],
      subject: 'Sightline: test e-mail',
      text: `This is a test e-mail sent by Sightline at ${this.now().toISOString()} to check the SMTP settings.`,
    });
    if (sent === null)
      throw new HttpError(409, 'smtp_not_configured', 'no SMTP server is set: save the settings, then test');
    return sent;
  }

  /**
   * Sends through the organisation's server; null when it has none. A failure throws HttpError 502 naming
   * the server's answer, so the caller can say why.
   */
  async send(organisationId: number, mail: OutgoingMail): Promise<SentMail | null> {
    const s = await this.meta.getSmtpSettings(organisationId);
    if (s === null) return null;
    const password =
      s.passwordSealed === null ? null : this.box.open(s.passwordSealed, context(organisationId));
    const transport = nodemailer.createTransport({
      host: s.host,
      port: s.port,
      secure: s.security === 'tls',
      requireTLS: s.security === 'starttls',
      ignoreTLS: s.security === 'none',
      ...(s.username !== null && { auth: { user: s.username, pass: password ?? '' } }),
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    try {
      const info = await transport.sendMail({
        from: s.fromAddress,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.attachments !== undefined && {
          attachments: mail.attachments.map((a) => ({ ...a, content: Buffer.from(a.content) })),
        }),
      });
      return { accepted: info.accepted.map(String), response: info.response };
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new HttpError(
        502,
        'smtp_failed',
        `the mail server ${s.host}:${s.port} refused the message: ${why}`,
      );
    } finally {
      transport.close();
    }
  }
}
