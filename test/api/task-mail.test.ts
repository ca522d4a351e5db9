// The organisation's SMTP server (issue 31 item 5) against a local SMTP sink started here (smtp-server): the
// settings are ROLE_ADMIN only, the password is stored sealed (never in clear, never shown), the test send
// arrives with its subject, and once configured a task assignment and an @mention are e-mailed too.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, seedOrganisation, seedUser, type TestApp } from './helpers';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

const NOW = '2025-03-10T00:00:00.000Z';
const PASSWORD = 's3cret-smtp-pässword';
let t: TestApp;
let admin: Client;
let analyst: Client;
let analystId: number;
let sink: SMTPServer;
let port: number;
const inbox: Received[] = [];

beforeAll(async () => {
  sink = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'mailer' && auth.password === PASSWORD) cb(null, { user: auth.username });
      else cb(new Error('535 bad credentials'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          // Quoted-printable soft line breaks removed, so text is found whole.
          raw: Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, ''),
        });
        cb();
      });
    },
  });
  sink.listen(0, '127.0.0.1');
  await once(sink.server, 'listening');
  port = (sink.server.address() as AddressInfo).port;

  t = await createTestApp({ now: () => new Date(NOW) });
  const acme = await seedOrganisation(t.stores, 'Acme');
  await seedUser(t.stores, acme.id, 'admin@acme.test', ['ROLE_ADMIN']);
  analystId = (await seedUser(t.stores, acme.id, 'analyst@acme.test', ['ROLE_CV'])).id;
  admin = await Client.signIn(t.app, 'admin@acme.test');
  analyst = await Client.signIn(t.app, 'analyst@acme.test');
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

const settings = () => ({
  host: '127.0.0.1',
  port,
  security: 'none',
  username: 'mailer',
  password: PASSWORD,
  fromAddress: 'sightline@acme.test',
});

describe('SMTP settings and e-mail', () => {
  it('is ROLE_ADMIN only, stores the password sealed and sends a test message to the sink', async () => {
    expect((await analyst.get('/api/v1/settings/smtp')).statusCode).toBe(403);
    expect((await admin.send('POST', '/api/v1/settings/smtp/test', {})).statusCode).toBe(409);
    const bad = await admin.send('PUT', '/api/v1/settings/smtp', { ...settings(), port: 70000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('port');

    const saved = await admin.send('PUT', '/api/v1/settings/smtp', settings());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      configured: true,
      host: '127.0.0.1',
      port,
      security: 'none',
      username: 'mailer',
      hasPassword: true,
      fromAddress: 'sightline@acme.test',
      updatedAt: NOW,
    });
    const stored = await t.stores.meta.getSmtpSettings(
      admin ? (await t.stores.meta.listOrganisations())[0]!.id : 0,
    );
    expect(stored?.passwordSealed).toMatch(/^v1\./);
    expect(stored?.passwordSealed).not.toContain(PASSWORD);

    const sent = await admin.send('POST', '/api/v1/settings/smtp/test', { to: 'someone@acme.test' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().accepted).toEqual(['someone@acme.test']);
    expect(sent.json().response).toMatch(/^250/);
    const mail = inbox.at(-1)!;
    expect(mail).toMatchObject({ from: 'sightline@acme.test', to: ['someone@acme.test'], user: 'mailer' });
    expect(mail.raw).toContain('Subject: Sightline: test e-mail');
    expect(mail.raw).toContain('to check the SMTP settings');

    // Saving without a password keeps the stored one: the next send still authenticates.
    const { password: _omit, ...rest } = settings();
    await admin.send('PUT', '/api/v1/settings/smtp', rest);
    expect((await admin.send('POST', '/api/v1/settings/smtp/test', {})).statusCode).toBe(200);
    expect(inbox.at(-1)!.to).toEqual(['admin@acme.test']);
  });

  it('answers 502 with the server’s words when it refuses', async () => {
    await admin.send('PUT', '/api/v1/settings/smtp', { ...settings(), password: 'wrong' });
    const res = await admin.send('POST', '/api/v1/settings/smtp/test', {});
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({ code: 'smtp_failed' });
    expect(res.json().error.message).toContain('bad credentials');
    await admin.send('PUT', '/api/v1/settings/smtp', settings());
  });

  it('e-mails an assignment and an @mention once SMTP is configured', async () => {
    const before = inbox.length;
    const task = (
      await admin.send('POST', '/api/v1/tasks', {
        title: 'Audit the hreflang tags',
        assigneeId: analystId,
        dueDate: '2025-03-14',
      })
    ).json();
    await admin.send('POST', `/api/v1/tasks/${task.id}/comments`, {
      body: 'see the list, @analyst@acme.test',
    });
    const mails = inbox.slice(before);
    expect(mails.map((m) => m.to)).toEqual([['analyst@acme.test'], ['analyst@acme.test']]);
    expect(mails[0]!.raw).toContain('Subject: Task assigned to you: Audit the hreflang tags');
    expect(mails[0]!.raw).toContain('Due 2025-03-14.');
    expect(mails[1]!.raw).toContain('Subject: You were mentioned on a task: Audit the hreflang tags');
  });
});
