import mongoose, { type Connection, type Model } from 'mongoose';
import type { TokenClaims } from '@turnbook/service-kit';
import { isDuplicateKey } from '@turnbook/service-kit';

/** A session: one sign-in, kept alive by a chain of refresh tokens (its family). */
export interface SessionDoc {
  _id: string;
  sub: string;
  /** The claims every access token of the session carries. */
  claims: TokenClaims;
  createdAt: Date;
  revokedAt: Date | null;
}

/** One refresh token of a session, stored by the sha256 of its secret. */
export interface RefreshTokenDoc {
  _id: string;
  sid: string;
  sub: string;
  createdAt: Date;
  expiresAt: Date;
}

const sessionSchema = new mongoose.Schema<SessionDoc>(
  { _id: String, sub: { type: String, index: true }, claims: mongoose.Schema.Types.Mixed, createdAt: Date, revokedAt: { type: Date, default: null } },
  { versionKey: false },
);
const tokenSchema = new mongoose.Schema<RefreshTokenDoc>(
  { _id: String, sid: { type: String, index: true }, sub: String, createdAt: Date, expiresAt: Date },
  { versionKey: false },
);
const useSchema = new mongoose.Schema<{ _id: string; at: Date }>({ _id: String, at: Date }, { versionKey: false });

/**
 * Sessions and their refresh tokens. A refresh token is used once: the unique _id of its use record
 * decides, so of two requests racing with one token only one rotates it (FerretDB updates are not atomic).
 */
export class SessionsRepository {
  private readonly sessions: Model<SessionDoc>;
  private readonly tokens: Model<RefreshTokenDoc>;
  private readonly uses: Model<{ _id: string; at: Date }>;

  constructor(db: Connection) {
    this.sessions = db.model<SessionDoc>('Session', sessionSchema, 'sessions');
    this.tokens = db.model<RefreshTokenDoc>('RefreshToken', tokenSchema, 'refresh_tokens');
    this.uses = db.model<{ _id: string; at: Date }>('RefreshTokenUse', useSchema, 'refresh_token_uses');
  }

  async init(): Promise<void> {
    await Promise.all([this.sessions.syncIndexes(), this.tokens.syncIndexes()]);
  }

  async insertSession(doc: SessionDoc): Promise<void> {
    await this.sessions.create(doc);
  }

  async insertToken(doc: RefreshTokenDoc): Promise<void> {
    await this.tokens.create(doc);
  }

  /**
   * Deletes expired refresh tokens (FerretDB has no TTL indexes). A range filter reads the whole collection
   * there, so this runs on a timer (service.ts), never on a sign-in's path; an expired token is refused
   * by `refreshSession` whether or not it was swept yet.
   */
  async sweepExpiredTokens(now = new Date()): Promise<number> {
    const res = await this.tokens.deleteMany({ expiresAt: { $lt: now } });
    return res.deletedCount ?? 0;
  }

  findToken(digest: string): Promise<RefreshTokenDoc | null> {
    return this.tokens.findOne({ _id: digest }).lean<RefreshTokenDoc>();
  }

  findSession(sid: string): Promise<SessionDoc | null> {
    return this.sessions.findOne({ _id: sid }).lean<SessionDoc>();
  }

  /** Marks a refresh token used; false (with when) when it was used before. */
  async markUsed(digest: string): Promise<{ first: true } | { first: false; at: Date }> {
    try {
      await this.uses.create({ _id: digest, at: new Date() });
      return { first: true };
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const use = await this.uses.findOne({ _id: digest }).lean<{ at: Date }>();
      return { first: false, at: use?.at ?? new Date(0) };
    }
  }

  async revokeSession(sid: string, at: Date): Promise<void> {
    await this.sessions.updateOne({ _id: sid, revokedAt: null }, { $set: { revokedAt: at } });
    await this.tokens.deleteMany({ sid });
  }

  /** Deletes a session that was never handed out (a sign-in prepared it, then the password was wrong). */
  async discard(sid: string): Promise<void> {
    await Promise.all([this.sessions.deleteOne({ _id: sid }), this.tokens.deleteMany({ sid })]);
  }

  /** What the live sessions of a subject put in their next access tokens (e.g. a phone just verified). */
  async updateClaims(sub: string, claims: TokenClaims): Promise<void> {
    await this.sessions.updateMany({ sub, revokedAt: null }, { $set: { claims } });
  }

  /** Every session of a token subject ("<userId>" or "store:<storeId>"). */
  async revokeSubject(sub: string, at: Date): Promise<void> {
    await this.sessions.updateMany({ sub, revokedAt: null }, { $set: { revokedAt: at } });
    await this.tokens.deleteMany({ sub });
  }
}
