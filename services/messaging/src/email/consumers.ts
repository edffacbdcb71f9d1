import { EVENTS, splitEventName, subjectOf, type EventData, type EventEnvelope, type EventName } from '@turnbook/contracts';
import type { EventBus } from '@turnbook/service-kit';
import { sendEmailOnce, type EmailRequest, type SendEmailDeps } from './send-email';
import { displayName, passwordResetEmail, verificationEmail } from './templates';

const RESET_LINK_TTL_MS = 60 * 60_000;

/**
 * The emails identity asks for by event. Each consumer is durable (emails asked for while we were down
 * are sent when we are back) and a throw (SMTP down) naks the event so it comes again.
 */
export async function startEmailConsumers(bus: EventBus, deps: SendEmailDeps): Promise<void> {
  await bus.consume('messaging-email-verification', subjectFor('user.registered'), async (env) => {
    const data = parsePayload('user.registered', env, deps);
    if (!data) return;
    await sendEmailOnce(deps, request(env, 'verification', data, verificationEmail({ fname: data.fname, verifyUrl: data.verifyUrl })));
  });
  await bus.consume('messaging-email-password-reset', subjectFor('user.password_reset_requested'), async (env) => {
    const data = parsePayload('user.password_reset_requested', env, deps);
    if (!data) return;
    // A reset link lives 1 hour: after an outage (or on a first start that replays the stream) an older
    // request would only mail a dead link.
    if (Date.now() - Date.parse(env.occurredAt) > RESET_LINK_TTL_MS) {
      deps.log.info({ eventId: env.id, userId: data.userId }, 'reset link already expired; no email sent');
      return;
    }
    await sendEmailOnce(deps, request(env, 'password_reset', data, passwordResetEmail({ fname: data.fname, resetUrl: data.resetUrl })));
  });
}

function subjectFor(name: EventName): string {
  const { domain, type } = splitEventName(name);
  return subjectOf(domain, 'global', type);
}

/** A payload that does not match its schema would fail on every redelivery: log it and move on. */
function parsePayload<N extends 'user.registered' | 'user.password_reset_requested'>(
  name: N,
  env: EventEnvelope,
  deps: SendEmailDeps,
): EventData<N> | undefined {
  const parsed = EVENTS[name].safeParse(env.data);
  if (parsed.success) return parsed.data as EventData<N>;
  deps.log.error({ eventId: env.id, subject: env.subject, issues: parsed.error.issues }, 'malformed event; no email sent');
  return undefined;
}

function request(
  env: EventEnvelope,
  kind: EmailRequest['kind'],
  data: { userId: number; email: string; fname: string },
  content: EmailRequest['content'],
): EmailRequest {
  return { eventId: env.id, kind, userId: data.userId, to: { name: displayName(data.fname), address: data.email.trim().toLowerCase() }, content };
}
