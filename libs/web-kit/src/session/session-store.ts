import { create } from 'zustand';
import { persist, type PersistStorage } from 'zustand/middleware';
import { emptySession, KEPT_ON_LOGOUT, SESSION_KEYS, type SessionKey, type SessionValues } from './session-keys';

export interface SessionState extends SessionValues {
  /** Stores the given values; null or '' removes a key. */
  setSession: (values: Partial<SessionValues>) => void;
  /** Clears every value except the new-update marker. */
  clearSession: () => void;
}

const storage = (): Storage | null => (typeof window === 'undefined' ? null : window.localStorage);

function readAll(): SessionValues {
  const values = emptySession();
  const s = storage();
  if (s) for (const k of SESSION_KEYS) values[k] = s.getItem(k);
  known = { ...values };
  return values;
}

// What this tab last read or wrote per key: only keys whose value changed here are written back, so a
// change of one value (the active page on every navigation) never overwrites what another tab (or code
// outside React) wrote to the other keys meanwhile.
let known: SessionValues | null = null;

function writeAll(values: SessionValues): void {
  const s = storage();
  if (!s) return;
  for (const k of SESSION_KEYS) {
    const v = values[k] === '' || values[k] === undefined ? null : values[k];
    if (known && known[k] === v) continue;
    if (v === null) s.removeItem(k);
    else if (s.getItem(k) !== v) s.setItem(k, v);
  }
  known = { ...values };
}

// zustand's persist keeps one JSON blob under one name; the spec's session is one key per value, so this
// storage maps the state onto the individual keys (raw strings, not JSON).
const keyedStorage: PersistStorage<SessionValues, unknown> = {
  getItem: () => ({ state: readAll(), version: 0 }),
  setItem: (_name, value) => writeAll(value.state),
  removeItem: () => {
    known = null;
    writeAll(emptySession());
  },
};

const pick = (state: SessionValues): SessionValues =>
  Object.fromEntries(SESSION_KEYS.map((k) => [k, state[k] ?? null])) as SessionValues;

export const useSession = create<SessionState>()(
  persist<SessionState, [], [], SessionValues>(
    (set) => ({
      ...emptySession(),
      setSession: (values) => {
        const clean: Partial<SessionValues> = {};
        for (const [k, v] of Object.entries(values) as [SessionKey, string | null | undefined][]) {
          if (v === undefined) continue;
          clean[k] = v === null || v === '' ? null : String(v);
        }
        set(clean);
      },
      clearSession: () => {
        const kept = Object.fromEntries(KEPT_ON_LOGOUT.map((k) => [k, useSession.getState()[k]]));
        set({ ...emptySession(), ...kept });
      },
    }),
    { name: 'turnbook-session', storage: keyedStorage, partialize: pick },
  ),
);

/** Re-reads localStorage (another tab, or code outside React, may have written it). */
export function reloadSessionFromStorage(): void {
  useSession.setState(readAll());
}

export const getSession = (): SessionValues => pick(useSession.getState());

// Keep tabs in step: a login or logout in one tab is seen by the others.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || (SESSION_KEYS as readonly string[]).includes(e.key)) reloadSessionFromStorage();
  });
}
