import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Where the numbered writes of one idempotent call are remembered, so that a second attempt of the call
 * (a retry after the first attempt's process died) finds the documents the first one wrote instead of
 * writing them again. A slot names the nth insert of a counter within the call ('appointments#1').
 */
export interface WriteSlots {
  /** Binds the slot to `id` unless an attempt of this call bound it first; answers the slot's id. */
  bind(slot: string, id: number): Promise<number>;
  /** The slot's id was taken by another writer (FerretDB's counter is only a hint): bind it to `id`. */
  move(slot: string, id: number): Promise<void>;
}

interface Run {
  slots: WriteSlots;
  turns: Map<string, number>;
}

const current = new AsyncLocalStorage<Run>();

/** Runs an idempotent call's handler: every numbered insert inside it goes through `slots`. */
export function withWriteSlots<T>(slots: WriteSlots, fn: () => Promise<T>): Promise<T> {
  return current.run({ slots, turns: new Map() }, fn);
}

/** The slot of the next insert with `counter` in the running idempotent call; undefined outside one. */
export function nextWriteSlot(counter: string): { bind(id: number): Promise<number>; move(id: number): Promise<void> } | undefined {
  const run = current.getStore();
  if (!run) return undefined;
  const turn = (run.turns.get(counter) ?? 0) + 1;
  run.turns.set(counter, turn);
  const slot = `${counter}#${turn}`;
  return { bind: (id) => run.slots.bind(slot, id), move: (id) => run.slots.move(slot, id) };
}
