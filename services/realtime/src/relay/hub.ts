/**
 * Who listens to which channel. Pure bookkeeping (no sockets), so the rules are easy to test:
 * a subscriber has at most `maxPerSubscriber` channels, and removing it removes all of them.
 */
export class Hub<S> {
  private readonly byChannel = new Map<string, Set<S>>();
  private readonly bySubscriber = new Map<S, Set<string>>();

  constructor(readonly maxPerSubscriber = 50) {}

  add(sub: S, channel: string): 'added' | 'already' | 'limit' {
    const mine = this.bySubscriber.get(sub) ?? new Set<string>();
    if (mine.has(channel)) return 'already';
    if (mine.size >= this.maxPerSubscriber) return 'limit';
    mine.add(channel);
    this.bySubscriber.set(sub, mine);
    const subs = this.byChannel.get(channel) ?? new Set<S>();
    subs.add(sub);
    this.byChannel.set(channel, subs);
    return 'added';
  }

  has(sub: S, channel: string): boolean {
    return this.bySubscriber.get(sub)?.has(channel) ?? false;
  }

  remove(sub: S, channel: string): boolean {
    const mine = this.bySubscriber.get(sub);
    if (!mine?.delete(channel)) return false;
    if (!mine.size) this.bySubscriber.delete(sub);
    const subs = this.byChannel.get(channel);
    subs?.delete(sub);
    if (subs && !subs.size) this.byChannel.delete(channel);
    return true;
  }

  removeAll(sub: S): void {
    for (const channel of [...(this.bySubscriber.get(sub) ?? [])]) this.remove(sub, channel);
  }

  subscribers(channel: string): ReadonlySet<S> {
    return this.byChannel.get(channel) ?? new Set();
  }

  channelsOf(sub: S): string[] {
    return [...(this.bySubscriber.get(sub) ?? [])];
  }

  /** Channels with at least one subscriber whose name starts with `prefix` (e.g. `store:42:`). */
  channelsStartingWith(prefix: string): string[] {
    return [...this.byChannel.keys()].filter((c) => c.startsWith(prefix));
  }

  get channelCount(): number {
    return this.byChannel.size;
  }
}
