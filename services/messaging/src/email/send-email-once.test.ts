import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { connectMongo, createLogger, createMissingIndexes } from '@turnbook/service-kit';
import type { Mailer, OutgoingEmail } from './mailer';
import { SentEmailsRepository } from './repository';
import { EmailInProgressError, EmailSendFailedError, sendEmailOnce } from './send-email-once';
import { verificationEmail } from './templates';

/** The use case on a real database with a fake mailer: at most one email per event. */
describe('sendEmailOnce', () => {
  let db: Connection;
  let emails: SentEmailsRepository;
  const sent: OutgoingEmail[] = [];
  let failNext = false;
  const mailer: Mailer = {
    async send(mail) {
      if (failNext) {
        failNext = false;
        throw new Error('connection refused');
      }
      sent.push(mail);
      return { messageId: `<m${sent.length}@test>` };
    },
    close: () => undefined,
  };
  const log = createLogger('messaging', 'silent');
  const deps = () => ({ emails, mailer, log });
  const request = (eventId: string) => ({
    eventId,
    kind: 'verification' as const,
    userId: 1,
    to: { name: 'Jane', address: 'jane@example.com' },
    content: verificationEmail({ fname: 'jane', verifyUrl: 'http://x/activate' }),
  });

  beforeAll(async () => {
    db = await connectMongo(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/', `t-messaging-${randomBytes(4).toString('hex')}`);
    emails = new SentEmailsRepository(db);
    await emails.init();
    await createMissingIndexes(db); // what buildService does once a service is built
  });
  afterAll(async () => {
    await db?.dropDatabase();
    await db?.close();
  });
  beforeEach(() => void (sent.length = 0));

  it('when called twice for one event, then it sends once', async () => {
    expect(await sendEmailOnce(deps(), request('e1'))).toBe('sent');
    expect(await sendEmailOnce(deps(), request('e1'))).toBe('already-sent');
    expect(sent).toHaveLength(1);
    expect(await emails.findByEventId('e1')).toMatchObject({ status: 'sent', messageId: '<m1@test>' });
  });

  it('when two deliveries race, then one sends and the other is told to come back', async () => {
    const results = await Promise.allSettled([sendEmailOnce(deps(), request('e2')), sendEmailOnce(deps(), request('e2'))]);
    expect(sent).toHaveLength(1);
    const rejected = results.filter((r) => r.status === 'rejected');
    // Either the loser saw the claim (busy) or the winner had already finished (already-sent).
    for (const r of rejected) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(EmailInProgressError);
  });

  it('when the send fails, then it throws, keeps no claim, and the retry sends', async () => {
    failNext = true;
    await expect(sendEmailOnce(deps(), request('e3'))).rejects.toBeInstanceOf(EmailSendFailedError);
    expect(await emails.findByEventId('e3')).toBeNull();
    expect(await sendEmailOnce(deps(), request('e3'))).toBe('sent');
    expect(sent).toHaveLength(1);
  });

  it('when a delivery died mid-send long ago, then its stale claim is taken over', async () => {
    const stale = new SentEmailsRepository(db, 0);
    await emails.model.create({ eventId: 'e4', kind: 'verification', userId: 1, to: 'a@b.c', subject: 's', status: 'sending', claimToken: 'dead', claimedAt: new Date(Date.now() - 1000) });
    expect(await sendEmailOnce({ ...deps(), emails: stale }, request('e4'))).toBe('sent');
    expect(sent).toHaveLength(1);
  });
});
