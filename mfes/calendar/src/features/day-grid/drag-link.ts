import type { KeyboardEvent as ReactKeyboardEvent, MouseEvent as ReactMouseEvent, TouchEvent as ReactTouchEvent } from 'react';

/** What dnd-kit gives a card once its drag layer is loaded (drag-layer.tsx). */
export interface CardBinding {
  props: Record<string, unknown>;
  isDragging: boolean;
}

type Point = { x: number; y: number };
/** A gesture begun on a card before dnd-kit was loaded, kept to be handed to it. */
type Held =
  | { kind: 'mouse'; id: number; start: Point; last: Point; moved: boolean; released: boolean }
  | { kind: 'touch'; id: number; start: Point }
  | { kind: 'keys'; id: number; keys: Array<Pick<KeyboardEvent, 'code' | 'key'>> };

// dnd-kit's own constraints (use-grid-drag.ts): the mouse lifts after 6 px, a long press is cancelled past 8 px,
// space and enter lift with the keyboard.
const MOUSE_DISTANCE = 6;
const TOUCH_TOLERANCE = 8;
const START_KEYS = ['Space', 'Enter'];
/** A gesture whose card never gets its drag (it went away meanwhile) lets go of the keyboard and mouse. */
const HOLD_LIMIT_MS = 10_000;

const beyond = (a: Point, b: Point, px: number) => Math.hypot(a.x - b.x, a.y - b.y) > px;
const tick = () => new Promise((r) => setTimeout(r, 0));
const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));

/**
 * The day grid draws its cards and columns without dnd-kit (15 KB gzip the first screen does not need); this
 * links them to the drag layer loaded when the pointer enters the grid or a card gets focus. A press on a card
 * that comes before the layer is kept (and the keys after a keyboard lift, the mouse's moves and release), then
 * handed to dnd-kit's sensors once they are on the card: the drag starts where it would have.
 */
export class DragLink {
  private nodes = new Map<string, HTMLElement>();
  private bindings = new Map<string, CardBinding | boolean>();
  private listeners = new Set<() => void>();
  private held: Held | null = null;
  private heldTimer: ReturnType<typeof setTimeout> | undefined;
  private replaying = false;
  private swallowClick = false;
  private mine = new WeakSet<Event>();

  constructor(private readonly want: () => void) {}

  /** The pointer entered the grid: a drag may follow. */
  wantDrag = () => this.want();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  private changed() {
    for (const l of this.listeners) l();
  }

  /** A card's or a column's element (by its dnd-kit id), for the drag layer to hand to dnd-kit. */
  node = (key: string) => this.nodes.get(key) ?? null;
  setNode(key: string, el: HTMLElement) {
    this.nodes.set(key, el);
    this.changed();
    return () => {
      if (this.nodes.get(key) !== el) return;
      this.nodes.delete(key);
      this.changed();
    };
  }

  /** A card's drag (a CardBinding) or a column's 'over' (a boolean), set by the drag layer. */
  binding = (key: string) => this.bindings.get(key);
  bind(key: string, value: CardBinding | boolean | undefined) {
    if (value === undefined) this.bindings.delete(key);
    else this.bindings.set(key, value);
    this.changed();
  }

  /** What a draggable card listens to until its drag is bound: the first touch loads the layer and is kept. */
  heldHandlers(id: number) {
    return {
      onFocus: () => this.want(),
      onMouseDown: (e: ReactMouseEvent) => {
        if (e.button === 2) return;
        const p = { x: e.clientX, y: e.clientY };
        this.hold({ kind: 'mouse', id, start: p, last: p, moved: false, released: false });
      },
      onTouchStart: (e: ReactTouchEvent) => {
        if (e.touches.length !== 1) return;
        this.hold({ kind: 'touch', id, start: { x: e.touches[0].clientX, y: e.touches[0].clientY } });
      },
      onKeyDown: (e: ReactKeyboardEvent) => {
        if (!START_KEYS.includes(e.code)) return;
        // As dnd-kit does: the key lifts the card, it does not press the button.
        e.preventDefault();
        this.hold({ kind: 'keys', id, keys: [{ code: e.code, key: e.key }] });
      },
    };
  }

  private hold(g: Held) {
    if (this.held) return;
    this.held = g;
    window.addEventListener('mousemove', this.onMouse, true);
    window.addEventListener('mouseup', this.onMouse, true);
    window.addEventListener('click', this.onClick, true);
    window.addEventListener('touchmove', this.onTouch, true);
    window.addEventListener('touchend', this.onTouch, true);
    window.addEventListener('touchcancel', this.onTouch, true);
    window.addEventListener('keydown', this.onKey, true);
    this.heldTimer = setTimeout(() => this.release(), HOLD_LIMIT_MS);
    this.want();
  }

  /** No drag after all (its layer did not load): the keys and the mouse are the page's again. */
  letGo() {
    if (this.held && !this.replaying) this.release();
  }

  private release() {
    this.held = null;
    this.replaying = false;
    clearTimeout(this.heldTimer);
    window.removeEventListener('mousemove', this.onMouse, true);
    window.removeEventListener('mouseup', this.onMouse, true);
    window.removeEventListener('touchmove', this.onTouch, true);
    window.removeEventListener('touchend', this.onTouch, true);
    window.removeEventListener('touchcancel', this.onTouch, true);
    window.removeEventListener('keydown', this.onKey, true);
    // The click that ends a mouse drag is not a click on the card (dnd-kit stops it the same way).
    setTimeout(() => {
      this.swallowClick = false;
      window.removeEventListener('click', this.onClick, true);
    }, 50);
  }

  private onMouse = (e: MouseEvent) => {
    const g = this.held;
    if (g?.kind !== 'mouse' || this.mine.has(e)) return;
    g.last = { x: e.clientX, y: e.clientY };
    g.moved ||= beyond(g.start, g.last, MOUSE_DISTANCE);
    this.swallowClick ||= g.moved;
    if (e.type === 'mouseup') g.released = true;
    // Until dnd-kit has the press, the moves are the kept gesture's, not the page's.
    if (this.replaying) e.stopImmediatePropagation();
    if (g.released && !g.moved && !this.replaying) this.release();
  };

  private onClick = (e: MouseEvent) => {
    if (this.swallowClick) e.stopPropagation();
  };

  private onTouch = (e: TouchEvent) => {
    const g = this.held;
    if (g?.kind !== 'touch' || this.mine.has(e)) return;
    const t = e.touches[0] ?? e.changedTouches[0];
    // A tap or a swipe before the long press: the page had it, there is no drag to hand over.
    if (e.type !== 'touchmove' || (t && beyond(g.start, { x: t.clientX, y: t.clientY }, TOUCH_TOLERANCE))) this.release();
  };

  private onKey = (e: KeyboardEvent) => {
    const g = this.held;
    if (g?.kind !== 'keys' || this.mine.has(e)) return;
    // The keys after the lift move and drop the card: dnd-kit gets them in order once it has the lift.
    g.keys.push({ code: e.code, key: e.key });
    e.preventDefault();
    e.stopImmediatePropagation();
  };

  private fire(target: EventTarget, event: Event) {
    this.mine.add(event);
    target.dispatchEvent(event);
  }

  /** The card's drag is bound: the gesture kept for it goes to dnd-kit's sensors now on the card. */
  async handOver(id: number, el: HTMLElement) {
    const g = this.held;
    if (!g || g.id !== id || this.replaying) return;
    this.replaying = true;
    const mouse = (type: string, p: Point) =>
      new MouseEvent(type, { bubbles: true, cancelable: true, clientX: p.x, clientY: p.y, button: 0, buttons: type === 'mouseup' ? 0 : 1 });
    try {
      if (g.kind === 'mouse') {
        this.fire(el, mouse('mousedown', g.start));
        await tick();
        // The moves and the release kept until now, the latest of each (more may come while these are handed over).
        let sent: Point | null = null;
        while (g.moved && g.last !== sent) {
          sent = g.last;
          this.fire(document, mouse('mousemove', sent));
          await frame();
          // The first move past 6 px lifts the card, the next one moves it.
          this.fire(document, mouse('mousemove', sent));
          await frame();
        }
        if (g.released) this.fire(document, mouse('mouseup', g.last));
      } else if (g.kind === 'touch') {
        if (typeof Touch !== 'function') return;
        const touch = new Touch({ identifier: 0, target: el, clientX: g.start.x, clientY: g.start.y });
        this.fire(el, new TouchEvent('touchstart', { bubbles: true, cancelable: true, touches: [touch], targetTouches: [touch], changedTouches: [touch] }));
      } else {
        for (let i = 0; i < g.keys.length; i++) {
          const k = g.keys[i];
          this.fire(document.activeElement ?? el, new KeyboardEvent('keydown', { ...k, bubbles: true, cancelable: true }));
          // dnd-kit listens to the keys after a lift from its next task on.
          await tick();
        }
      }
    } finally {
      // Whatever happened (a browser that cannot make a touch), the keys and the mouse are the page's again.
      if (this.held === g) this.release();
    }
  }
}
