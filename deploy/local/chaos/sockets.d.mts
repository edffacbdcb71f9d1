// Types of sockets.mjs for the TypeScript tests that hold relay sockets too (deploy/e2e/system).
export interface ChannelSocketOptions {
  url: string;
  token: string;
  channel: string;
  name: string;
  /** the channel's appointment ids read again, when the relay cannot replay what was missed */
  reread: () => Promise<number[]>;
}

export class ChannelSocket {
  constructor(options: ChannelSocketOptions);
  readonly name: string;
  resyncs: number;
  replayed: number;
  created: Set<number>;
  connects: number;
  lastSeq: number | undefined;
  closed: boolean;
  connected: boolean;
  start(): this;
  missed(ids: number[]): number[];
  close(): void;
}
