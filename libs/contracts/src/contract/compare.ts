import type { ContractSnapshot, JsonSchema, RouteContract } from './snapshot';

/**
 * Breaking changes between the last release's contract and today's, one readable line each. What breaks:
 * a removed route, event or field; a request that accepts less than before (a new required field, a
 * narrower type, a tighter bound, fewer enum values); an answer or event that may give what it did not
 * (a field that may now be missing, a wider type, new enum values); a changed access rule or status.
 * Additions are not breaking: new routes, events, optional request fields, answer fields.
 */
export function breakingChanges(before: ContractSnapshot, after: ContractSnapshot): string[] {
  const out: string[] = [];
  for (const [key, old] of Object.entries(before.routes)) {
    const now = after.routes[key];
    if (!now) out.push(`route ${key}: removed`);
    else routeChanges(`route ${key}`, old, now, out);
  }
  for (const [type, old] of Object.entries(before.events)) {
    const now = after.events[type];
    if (!now) {
      out.push(`event ${type}: removed`);
      continue;
    }
    // Producers and consumers of both releases run side by side: each side must read what the other writes.
    // A field old producers write and new consumers no longer read harms nobody: no removal reported there.
    new Compare(`event ${type} (new consumers)`, 'sub', out, false).subset(old.output, now.input, '');
    new Compare(`event ${type} (old consumers)`, 'sup', out).subset(now.output, old.input, '');
  }
  return [...new Set(out)];
}

// What a request part is when a route names no schema for it: the router reads nothing from it.
const NOTHING_READ: JsonSchema = { type: 'object' };

function routeChanges(where: string, old: RouteContract, now: RouteContract, out: string[]): void {
  if (old.access !== now.access && now.access !== 'public') out.push(`${where}: access ${old.access} → ${now.access}`);
  if ((old.status ?? 200) !== (now.status ?? 200)) out.push(`${where}: status ${old.status ?? 200} → ${now.status ?? 200}`);
  for (const part of ['params', 'body', 'query'] as const) {
    new Compare(where, 'sub', out).subset(old[part] ?? NOTHING_READ, now[part] ?? NOTHING_READ, part);
  }
  new Compare(where, 'sup', out).subset(now.response ?? {}, old.response ?? {}, 'response');
}

// Keys that describe a schema without constraining its values.
const ANNOTATIONS = new Set(['$schema', 'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'id', '$id']);
const isAnything = (s: JsonSchema) => Object.keys(s).every((k) => ANNOTATIONS.has(k));

type Bound = { key: string; low: boolean };
const BOUNDS: Bound[] = [
  { key: 'minLength', low: true },
  { key: 'maxLength', low: false },
  { key: 'minimum', low: true },
  { key: 'maximum', low: false },
  { key: 'exclusiveMinimum', low: true },
  { key: 'exclusiveMaximum', low: false },
  { key: 'minItems', low: true },
  { key: 'maxItems', low: false },
];

/**
 * Checks that every value the `sub` schema allows, the `sup` schema allows too, and names what it does not.
 * `old` says which side is the last release's: 'sub' for requests (the new server must take what old
 * callers send), 'sup' for answers (old callers must understand what the new server gives).
 */
class Compare {
  private readonly roots: [JsonSchema, JsonSchema] = [{}, {}];

  constructor(
    private readonly where: string,
    private readonly old: 'sub' | 'sup',
    private readonly out: string[],
    private readonly removals = true,
  ) {}

  private report(path: string, what: string) {
    this.out.push(`${this.where}: ${path || '(root)'} ${what}`);
  }

  private get verb() {
    return this.old === 'sub' ? 'narrowed' : 'widened';
  }

  private describe(s: JsonSchema): string {
    const { $schema: _s, $defs: _d, description: _x, ...rest } = s;
    const text = JSON.stringify(rest);
    return text.length > 80 ? text.slice(0, 77) + '...' : text;
  }

  /** Follows `$ref: '#/$defs/Name'` into the root the node came from. */
  private deref(s: JsonSchema, side: 0 | 1): JsonSchema {
    let node = s;
    for (let i = 0; i < 20 && typeof node.$ref === 'string'; i++) {
      const name = (node.$ref as string).replace(/^#\/\$defs\//, '');
      node = ((this.roots[side].$defs ?? {}) as Record<string, JsonSchema>)[name] ?? {};
    }
    return node;
  }

  subset(sub: JsonSchema, sup: JsonSchema, path: string): void {
    this.roots[0] = sub;
    this.roots[1] = sup;
    this.visit(sub, sup, path, 0);
  }

  private visit(subIn: JsonSchema, supIn: JsonSchema, path: string, depth: number): void {
    if (depth > 40) return; // a recursive schema: what is below was compared above
    const sub = this.deref(subIn, 0);
    const sup = this.deref(supIn, 1);
    if (isAnything(sup) || options(sup).some((o) => isAnything(this.deref(o, 1)))) return;
    if (isAnything(sub)) return this.report(path, `${this.verb}: ${this.old === 'sub' ? 'anything' : this.describe(sup)} → ${this.old === 'sub' ? this.describe(sup) : 'anything'}`);
    const subOptions = options(sub);
    if (subOptions.length > 1) {
      for (const o of subOptions) this.visit(o, sup, path, depth + 1);
      return;
    }
    const supOptions = options(sup);
    if (supOptions.length > 1) {
      const fits = supOptions.filter((o) => typesFit(typesOf(sub), typesOf(this.deref(o, 1))));
      const best = fits.find((o) => this.quiet(sub, o)) ?? fits[0];
      if (best) return this.visit(sub, best, path, depth + 1);
      return this.report(path, `${this.verb}: type ${this.oldNew(typesOf(sub).join('|'), supOptions.map((o) => typesOf(this.deref(o, 1)).join('|')).join('|'))}`);
    }
    if (sub.allOf || sup.allOf) {
      if (JSON.stringify(sub.allOf) !== JSON.stringify(sup.allOf)) this.report(path, 'changed (an intersection)');
      return;
    }
    this.scalar(sub, sup, path);
    this.object(sub, sup, path, depth);
    this.array(sub, sup, path, depth);
  }

  /** Whether sub ⊆ sup holds with nothing to report (to pick a union's option). */
  private quiet(sub: JsonSchema, sup: JsonSchema): boolean {
    const probe: string[] = [];
    const c = new Compare('', this.old, probe, this.removals);
    c.roots[0] = this.roots[0];
    c.roots[1] = this.roots[1];
    c.visit(sub, sup, '', 0);
    return probe.length === 0;
  }

  private oldNew(subText: string, supText: string): string {
    return this.old === 'sub' ? `${subText} → ${supText}` : `${supText} → ${subText}`;
  }

  private scalar(sub: JsonSchema, sup: JsonSchema, path: string): void {
    const subTypes = typesOf(sub);
    const supTypes = typesOf(sup);
    if (!typesFit(subTypes, supTypes)) return this.report(path, `${this.verb}: type ${this.oldNew(subTypes.join('|') || 'any', supTypes.join('|'))}`);
    const supValues = valuesOf(sup);
    if (supValues) {
      const subValues = valuesOf(sub);
      const missing = subValues ? subValues.filter((v) => !supValues.some((w) => JSON.stringify(w) === JSON.stringify(v))) : null;
      if (!subValues) this.report(path, `${this.verb}: ${this.oldNew('any value', 'only ' + JSON.stringify(supValues))}`);
      else if (missing!.length) this.report(path, `${this.verb}: ${this.old === 'sub' ? 'no longer accepts' : 'may now give'} ${JSON.stringify(missing)}`);
    }
    for (const { key, low } of BOUNDS) {
      if (typeof sup[key] !== 'number') continue;
      const subValue = typeof sub[key] === 'number' ? (sub[key] as number) : undefined;
      const tighter = subValue === undefined || (low ? (sup[key] as number) > subValue : (sup[key] as number) < subValue);
      if (tighter) this.report(path, `${this.verb}: ${key} ${this.oldNew(String(subValue ?? 'none'), String(sup[key]))}`);
    }
    for (const key of ['pattern', 'format'] as const) {
      if (sup[key] !== undefined && sup[key] !== sub[key]) this.report(path, `${this.verb}: ${key} ${this.oldNew(String(sub[key] ?? 'none'), String(sup[key]))}`);
    }
  }

  private object(sub: JsonSchema, sup: JsonSchema, path: string, depth: number): void {
    const subProps = (sub.properties ?? {}) as Record<string, JsonSchema>;
    const supProps = (sup.properties ?? {}) as Record<string, JsonSchema>;
    const [oldProps, newProps] = this.old === 'sub' ? [subProps, supProps] : [supProps, subProps];
    const newIsOpen = (this.old === 'sub' ? sup : sub).additionalProperties !== false && !(this.old === 'sub' ? sup : sub).properties;
    const at = (k: string) => (path ? `${path}.${k}` : k);
    if (this.removals && !newIsOpen) for (const k of Object.keys(oldProps)) if (!(k in newProps)) this.report(at(k), 'removed');
    const subRequired = new Set((sub.required ?? []) as string[]);
    for (const k of (sup.required ?? []) as string[]) {
      if (subRequired.has(k)) continue;
      if (this.old === 'sub') this.report(at(k), k in subProps ? 'became required' : 'is a new required field');
      else if (k in subProps) this.report(at(k), 'may now be missing');
    }
    for (const k of Object.keys(subProps)) {
      if (k in supProps) this.visit(subProps[k]!, supProps[k]!, at(k), depth + 1);
      else if (typeof sup.additionalProperties === 'object') this.visit(subProps[k]!, sup.additionalProperties as JsonSchema, at(k), depth + 1);
    }
    if (typeof sup.additionalProperties === 'object' && typeof sub.additionalProperties === 'object') {
      this.visit(sub.additionalProperties as JsonSchema, sup.additionalProperties as JsonSchema, `${path}[*]`, depth + 1);
    }
  }

  private array(sub: JsonSchema, sup: JsonSchema, path: string, depth: number): void {
    if (sup.items && typeof sup.items === 'object') this.visit((sub.items ?? {}) as JsonSchema, sup.items as JsonSchema, `${path}[]`, depth + 1);
    const subTuple = (sub.prefixItems ?? []) as JsonSchema[];
    const supTuple = (sup.prefixItems ?? []) as JsonSchema[];
    supTuple.forEach((s, i) => this.visit(subTuple[i] ?? {}, s, `${path}[${i}]`, depth + 1));
  }
}

function options(s: JsonSchema): JsonSchema[] {
  const list = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  return list?.length ? list : [s];
}

function typesOf(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type as string[];
  if (typeof s.type === 'string') return [s.type];
  const values = valuesOf(s);
  if (values) return [...new Set(values.map((v) => (v === null ? 'null' : Number.isInteger(v) ? 'integer' : typeof v)))];
  return [];
}

/** Whether every type of `sub` is one of `sup`'s (an integer is a number; no types means any). */
function typesFit(sub: string[], sup: string[]): boolean {
  if (!sup.length) return true;
  if (!sub.length) return false;
  return sub.every((t) => sup.includes(t) || (t === 'integer' && sup.includes('number')));
}

function valuesOf(s: JsonSchema): unknown[] | null {
  if (Array.isArray(s.enum)) return s.enum as unknown[];
  if ('const' in s) return [s.const];
  return null;
}
