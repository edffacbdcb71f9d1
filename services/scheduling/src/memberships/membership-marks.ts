import { randomUUID } from 'node:crypto';
import mongoose, { type Connection, type Model } from 'mongoose';

/**
 * A store whose membership changed and whose snapshot may not be out yet: one mark per membership write,
 * made BEFORE the write, removed once a snapshot that saw the write is recorded. The sweeper republishes
 * any store still marked (a crash between the write and its snapshot).
 *
 * The marks live in their own collection, not on the staff records they concern: on FerretDB every update
 * rewrites its whole document from a read, so clearing a mark on a staff record beside another write of
 * that record (a role change) could undo that write (seen in a whole run: an admin left a staff member).
 */
interface MarkDoc {
  /** the token the write also leaves on the staff record (`_membershipStale`) */
  _id: string;
  storeId: number;
  at: Date;
}

const schema = new mongoose.Schema<MarkDoc>({ _id: String, storeId: { type: Number, index: true }, at: Date }, { versionKey: false });

/**
 * A mark older than this whose token no staff record carries is cleared: its write never landed (the
 * process died first) or a later write of the same record replaced its token, and either way a snapshot
 * read now has what it changed.
 */
export const MARK_GRACE_MS = 2 * 60_000;

export class MembershipMarks {
  readonly model: Model<MarkDoc>;

  constructor(db: Connection) {
    this.model = (db.models.MembershipMark as Model<MarkDoc>) ?? db.model<MarkDoc>('MembershipMark', schema, 'membership_marks');
  }

  /** A new mark for the store; its token goes on the staff record in the write that follows. */
  async mark(storeId: number): Promise<string> {
    const token = randomUUID();
    await this.model.create({ _id: token, storeId, at: new Date() });
    return token;
  }

  of(storeId: number): Promise<MarkDoc[]> {
    return this.model.find({ storeId }).lean<MarkDoc[]>();
  }

  /**
   * After a snapshot read AFTER `marks` were and recorded: the marks whose write it saw (their token on a
   * record it read) and those past the grace period.
   */
  async clearSeen(marks: MarkDoc[], seenTokens: Set<string>, now = Date.now()): Promise<void> {
    const done = marks.filter((m) => seenTokens.has(m._id) || now - new Date(m.at).getTime() > MARK_GRACE_MS);
    // one delete by id each: FerretDB reads a whole collection for an `$in`
    await Promise.all(done.map((m) => this.model.deleteOne({ _id: m._id })));
  }

  /** Stores with a mark left, at most 500 at a time. */
  async markedStores(): Promise<number[]> {
    const docs = await this.model.find({}, { storeId: 1 }).limit(500).lean<Array<Pick<MarkDoc, 'storeId'>>>();
    return [...new Set(docs.map((d) => d.storeId))];
  }
}
