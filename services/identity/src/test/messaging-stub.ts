import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { INTERNAL_TOKEN_HEADER, SendTextBody } from '@turnbook/contracts';

/**
 * A double of messaging's internal text call (its own tests cover the recording transport and Twilio):
 * keeps every text identity asks for, checked against the contract, so tests can read the code.
 */
export async function startMessagingStub(token: string) {
  const texts: Array<SendTextBody & { to: string }> = [];
  let down = false;
  const app = express();
  app.use(express.json());
  app.post('/internal/texts', (req, res) => {
    if (req.get(INTERNAL_TOKEN_HEADER) !== token) return void res.status(401).json({ message: 'no', code: 'unauthenticated' });
    if (down) return void res.status(503).json({ message: 'The text could not be sent. Please try again in a moment.', code: 'unavailable' });
    const parsed = SendTextBody.safeParse(req.body);
    if (!parsed.success) return void res.status(400).json({ message: parsed.error.message, code: 'validation' });
    texts.push(parsed.data);
    res.status(201).json({ id: `t${texts.length}` });
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    texts,
    /** The 6-digit code of the last text to this phone. */
    lastCode(phone: string): string {
      const text = texts.filter((t) => t.to === phone).at(-1);
      const code = text?.body.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code texted to ${phone}`);
      return code;
    },
    setDown(value: boolean) {
      down = value;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
