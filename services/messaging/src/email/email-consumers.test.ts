import { jetstream } from '@nats-io/jetstream';
import type { EventEnvelope } from '@turnbook/contracts';
import { eventually, NatsProcess, startTestService, waitUntilConsumed } from '@turnbook/test-kit';
import { createMessagingService } from '../service';
import { SentEmailsRepository } from './repository';
import { startSmtpSink } from '../test/smtp-sink';

/**
 * The email consumers against a real SMTP server, a real database and a NATS of this file's own (so the
 * durable consumers of other test runs never share its events).
 */
describe('email from identity events', () => {
  let nats: NatsProcess;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let svc: Awaited<ReturnType<typeof startTestService>>;

  // What identity's internal call would answer: the link of each mail id (links never travel in events).
  const links = new Map<string, string>();
  const mailLink = async (mailId: string) => links.get(mailId) ?? null;
  const mailWith = (url: string) => {
    const mailId = `mail-${links.size + 1}-${Date.now()}`;
    links.set(mailId, url);
    return mailId;
  };

  beforeAll(async () => {
    nats = new NatsProcess();
    await nats.start();
    smtp = await startSmtpSink();
    svc = await startTestService(createMessagingService({ mailLink }), { env: { NATS_URL: nats.url, SMTP_URL: smtp.url } });
  }, 30_000);

  afterAll(async () => {
    await svc?.stop();
    await smtp?.stop();
    await nats?.kill();
  });

  const registered = (userId: number, email: string) =>
    svc.bus.event('user.registered', 'global', { userId, email, fname: 'jane', mailId: mailWith(`http://localhost:8080/activate/${userId}/tok${userId}`) });

  /** Publishes without a msgID, so JetStream keeps every copy: what a redelivery looks like to us. */
  const publishRaw = (env: EventEnvelope) => jetstream(svc.bus.connection).publish(env.subject, JSON.stringify(env));
  const durableOf = (s: typeof svc, name: string) => `${name}${s.config.DURABLE_SUFFIX}`;
  /** Once the consumer acknowledged everything, a second (wrong) email would already be in the sink. */
  const settled = (s = svc) =>
    Promise.all(['messaging-email-verification', 'messaging-email-password-reset'].map((n) => waitUntilConsumed(s.bus.connection, durableOf(s, n))));

  it('when a user registers, then one verification email with the activation link arrives', async () => {
    await svc.bus.publishDurably(registered(101, 'Jane@Example.com'));
    const [mail] = await eventually(() => {
      const found = smtp.to('jane@example.com');
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mail.subject).toBe('Activate your Turnbook account');
    expect(mail.from).toContain('no-reply@turnbook.local');
    expect(mail.body).toContain('Hi Jane,');
    expect(mail.body).toContain('href="http://localhost:8080/activate/101/tok101"');
    expect(mail.body).toContain('Content-Type: text/plain');
  });

  it('when the same event arrives twice, then one email is sent', async () => {
    const env = registered(102, 'twice@example.com');
    await publishRaw(env);
    await publishRaw(env);
    await eventually(() => expect(smtp.to('twice@example.com')).toHaveLength(1));
    await settled();
    expect(smtp.to('twice@example.com')).toHaveLength(1);
    const sent = await new SentEmailsRepository(svc.db).findByEventId(env.id);
    expect(sent).toMatchObject({ status: 'sent', kind: 'verification', to: 'twice@example.com', userId: 102 });
  });

  it('when the mail server fails, then the event comes again and the email is sent once', async () => {
    smtp.failNext(1);
    await svc.bus.publishDurably(registered(103, 'retry@example.com'));
    await eventually(() => expect(smtp.to('retry@example.com')).toHaveLength(1), 15_000);
    await settled();
    expect(smtp.to('retry@example.com')).toHaveLength(1);
  }, 20_000);

  it('when a password reset is requested, then the reset email says how long the single-use link lasts', async () => {
    const env = svc.bus.event('user.password_reset_requested', 'global', {
      userId: 104, email: 'forgot@example.com', fname: 'sam', mailId: mailWith('http://localhost:8080/reset-password/abc'),
    });
    await svc.bus.publishDurably(env);
    const [mail] = await eventually(() => {
      const found = smtp.to('forgot@example.com');
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mail.subject).toBe('Reset your Turnbook password');
    expect(mail.body).toContain('href="http://localhost:8080/reset-password/abc"');
    expect(mail.body).toContain('expires in 1 hour');
    expect(mail.body).toContain('used only once');
  });

  it('when a reset request is older than its 1-hour link, then no email is sent', async () => {
    const env = svc.bus.event('user.password_reset_requested', 'global', {
      userId: 107, email: 'late@example.com', fname: 'lee', mailId: mailWith('http://localhost:8080/reset-password/old'),
    });
    await svc.bus.publishDurably({ ...env, occurredAt: new Date(Date.now() - 61 * 60_000).toISOString() });
    // The same consumer handles events in order: once this one is mailed, the old one was handled.
    await svc.bus.publishDurably({ ...env, id: `${env.id}-fresh`, data: { ...env.data, email: 'marker@example.com' } });
    await eventually(() => expect(smtp.to('marker@example.com')).toHaveLength(1));
    await settled();
    expect(smtp.to('late@example.com')).toHaveLength(0);
  });

  it('when an owner invites someone to their staff, then one invitation email with the link arrives, with no link made of the store name', async () => {
    const env = svc.bus.event('staff.invited', 7, {
      invitationId: '9b1d3c9e-3c1b-4c47-9d55-0a3b4f1c2d11', storeId: 7, storeName: 'Nail Bar visit https://evil.example/claim',
      email: 'Invitee@Example.com', acceptUrl: 'http://localhost:8080/staff-invitation/9b1d3c9e-3c1b-4c47-9d55-0a3b4f1c2d11',
    });
    await svc.bus.publishDurably(env);
    const [mail] = await eventually(() => {
      const found = smtp.to('invitee@example.com');
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mail.subject).toBe('Nail Bar Visit invites you to join its staff on Turnbook');
    expect(mail.body).toContain('href="http://localhost:8080/staff-invitation/9b1d3c9e-3c1b-4c47-9d55-0a3b4f1c2d11"');
    expect(mail.body).not.toContain('evil.example');
    // The mail leaves before its record is marked sent: wait for the mark.
    await eventually(async () => {
      const sent = await new SentEmailsRepository(svc.db).findByEventId(env.id);
      expect(sent).toMatchObject({ status: 'sent', kind: 'staff_invitation', userId: null });
    });
  });

  it('when a name in the registration is a link (`visit https://evil.example/claim`), then the activation mail shows no such link or URL', async () => {
    const env = svc.bus.event('user.registered', 'global', {
      userId: 111, email: 'phish@example.com', fname: 'visit https://evil.example/claim', mailId: mailWith('http://localhost:8080/activate/111/t'),
    });
    await svc.bus.publishDurably(env);
    const [mail] = await eventually(() => {
      const found = smtp.to('phish@example.com');
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mail.body).toContain('Hi Visit,');
    expect(mail.body).not.toMatch(/evil/i);
    expect(mail.body).not.toContain('example/claim');
  });

  it('when an email change is asked for, then the new address gets the confirmation link and the old one a notice without links', async () => {
    await svc.bus.publishDurably(svc.bus.event('user.email_change_requested', 'global', {
      userId: 112, email: 'new.addr@example.com', fname: 'kim', mailId: mailWith('http://localhost:8080/confirm-email?a=112&b=s'),
    }));
    await svc.bus.publishDurably(svc.bus.event('user.email_change_notice', 'global', {
      userId: 112, oldEmail: 'old.addr@example.com', newEmail: 'new.addr@example.com', fname: 'kim', step: 'requested',
    }));
    const [confirm] = await eventually(() => {
      const found = smtp.to('new.addr@example.com');
      expect(found).toHaveLength(1);
      return found;
    });
    expect(confirm.subject).toBe('Confirm your new Turnbook email address');
    expect(confirm.body).toContain('href="http://localhost:8080/confirm-email?a=112&amp;b=s"');
    const [notice] = await eventually(() => {
      const found = smtp.to('old.addr@example.com');
      expect(found).toHaveLength(1);
      return found;
    });
    expect(notice.subject).toBe('A change of your Turnbook email was requested');
    expect(notice.body).toContain('ne***@example.com');
    expect(notice.body).not.toContain('href=');
  });

  it('when identity no longer has the link of a mail (revoked by a password change), then nothing is sent', async () => {
    await svc.bus.publishDurably(svc.bus.event('user.registered', 'global', { userId: 113, email: 'gone@example.com', fname: 'g', mailId: 'unknown-mail' }));
    await svc.bus.publishDurably(registered(114, 'gone-marker@example.com'));
    await eventually(() => expect(smtp.to('gone-marker@example.com')).toHaveLength(1));
    await settled();
    expect(smtp.to('gone@example.com')).toHaveLength(0);
  });

  it('when an event payload is malformed, then it is skipped and later events still send', async () => {
    const bad = { ...registered(105, 'bad@example.com'), data: { userId: 'x' } };
    await publishRaw(bad as EventEnvelope);
    await svc.bus.publishDurably(registered(106, 'after@example.com'));
    await eventually(() => expect(smtp.to('after@example.com')).toHaveLength(1));
    expect(smtp.to('bad@example.com')).toHaveLength(0);
  });

  it('when the handler runs again after the email went out (a crash before the event was recorded as processed), then the email is not sent again', async () => {
    const env = registered(108, 'crash@example.com');
    await svc.bus.publishDurably(env);
    await eventually(() => expect(smtp.to('crash@example.com')).toHaveLength(1));
    await settled();
    // The crash: the email went out but the event was never recorded as processed, so it comes again.
    const processed = svc.db.collection('processed_events');
    const key = `${durableOf(svc, 'messaging-email-verification')}:${env.id}`;
    expect(await processed.deleteOne({ _id: key as never })).toMatchObject({ deletedCount: 1 });
    await publishRaw(env);
    await eventually(async () => expect(await processed.countDocuments({ _id: key as never })).toBe(1)); // handled again
    await settled();
    expect(smtp.to('crash@example.com')).toHaveLength(1);
  });

  it('when the service starts for the first time, then it sends no email for events from before it existed', async () => {
    await svc.bus.publishDurably(registered(109, 'before@example.com'));
    await svc.bus.publishDurably({
      ...svc.bus.event('user.password_reset_requested', 'global', { userId: 109, email: 'before@example.com', fname: 'bo', mailId: mailWith('http://localhost:8080/reset-password/b') }),
    });
    await eventually(() => expect(smtp.to('before@example.com')).toHaveLength(2)); // the running service mailed them

    const smtp2 = await startSmtpSink();
    const fresh = await startTestService(createMessagingService({ mailLink }), { env: { NATS_URL: nats.url, SMTP_URL: smtp2.url } });
    try {
      await fresh.bus.publishDurably(fresh.bus.event('user.registered', 'global', { userId: 110, email: 'new@example.com', fname: 'nu', mailId: mailWith('http://x/a') }));
      await eventually(() => expect(smtp2.to('new@example.com')).toHaveLength(1));
      await settled(fresh);
      expect(smtp2.to('before@example.com')).toHaveLength(0);
      expect(smtp2.mails).toHaveLength(1);
    } finally {
      await fresh.stop();
      await smtp2.stop();
    }
  });
});
