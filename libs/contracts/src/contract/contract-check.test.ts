import { z } from 'zod';
import { API } from '../api/index';
import { EVENTS } from '../events';
import { ROUTES } from '../routes';
import * as identity from '../schemas/identity';
import { breakingChanges } from './compare';
import { acceptedBreaks, lastReleaseContract } from './last-release';
import { contractSnapshot, type ContractSources } from './snapshot';

const today = (changes: Partial<ContractSources> = {}) => contractSnapshot('next', { routes: ROUTES, api: API, events: EVENTS, ...changes });
const withApi = (key: string, schemas: object) => today({ api: { ...API, [key]: { ...(API as Record<string, object>)[key], ...schemas } } });

describe('the contract check', () => {
  it('when today\'s contract is compared with the last release\'s, then nothing breaks but the breaks docs/contracts.md accepts', () => {
    const { from, snapshot } = lastReleaseContract();
    const accepted = acceptedBreaks();
    const breaks = breakingChanges(snapshot, today()).filter((b) => !accepted.has(b));
    if (breaks.length) {
      throw new Error(`The contract breaks what ${from} (${snapshot.version}) promised:\n  ${breaks.join('\n  ')}\n` +
        'Add a new route or version instead, or write the break down in docs/contracts.md (see "Breaking on purpose").');
    }
    expect(breaks).toEqual([]);
  });

  it('when nothing changed, then the check finds nothing', () => {
    expect(breakingChanges(today(), today())).toEqual([]);
  });

  it('when a field is removed from an answer, then the check names it', () => {
    const after = withApi('POST login', { response: identity.LoginResponse.omit({ access_token: true }) });
    expect(breakingChanges(today(), after)).toEqual(['route POST login: response.access_token removed']);
  });

  it('when a field is removed from a request, then the check names it', () => {
    const after = withApi('POST login', { body: identity.LoginBody.omit({ password: true }) });
    expect(breakingChanges(today(), after)).toContain('route POST login: body.password removed');
  });

  it('when a request gets a new required field, then the check names it', () => {
    const after = withApi('POST login', { body: identity.LoginBody.extend({ deviceName: z.string() }) });
    expect(breakingChanges(today(), after)).toEqual(['route POST login: body.deviceName is a new required field']);
  });

  it('when a new request field is optional or an answer gains a field, then it is not a break', () => {
    const after = withApi('POST login', {
      body: identity.LoginBody.extend({ deviceName: z.string().optional() }),
      response: identity.LoginResponse.extend({ expiresIn: z.number() }),
    });
    expect(breakingChanges(today(), after)).toEqual([]);
  });

  it('when a request field\'s type is narrowed, then the check names it', () => {
    const before = contractSnapshot('old', { routes: ROUTES, api: { 'POST login': { body: z.object({ email: z.string(), code: z.union([z.string(), z.number()]) }) } }, events: {} });
    const after = contractSnapshot('new', { routes: ROUTES, api: { 'POST login': { body: z.object({ email: z.string().max(50), code: z.string() }) } }, events: {} });
    expect(breakingChanges(before, after).filter((b) => b.startsWith('route POST login: body')).sort()).toEqual([
      'route POST login: body.code narrowed: type string|number → string',
      'route POST login: body.email narrowed: maxLength none → 50',
    ]);
  });

  it('when an answer\'s field may now be missing or null, then the check names it', () => {
    const after = withApi('POST login', { response: identity.LoginResponse.partial({ access_token: true }) });
    expect(breakingChanges(today(), after)).toEqual(['route POST login: response.access_token may now be missing']);
    const nullable = contractSnapshot('new', { routes: ROUTES, api: { 'POST login': { response: z.object({ token: z.string().nullable() }) } }, events: {} });
    const before = contractSnapshot('old', { routes: ROUTES, api: { 'POST login': { response: z.object({ token: z.string() }) } }, events: {} });
    expect(breakingChanges(before, nullable).filter((b) => b.includes('POST login'))).toEqual(['route POST login: response.token widened: type string → string|null']);
  });

  it('when a route or an event is removed, then the check names it', () => {
    const routes = ROUTES.filter((r) => !(r.method === 'POST' && r.path === 'login'));
    const { 'user.registered': _gone, ...events } = EVENTS;
    expect(breakingChanges(today(), today({ routes, events }))).toEqual(['route POST login: removed', 'event user.registered: removed']);
  });

  it('when an event payload loses a field or gains a required one, then the check names it for the consumers it breaks', () => {
    const events = {
      ...EVENTS,
      'user.registered': EVENTS['user.registered'].omit({ fname: true }).extend({ locale: z.string() }),
    };
    expect(breakingChanges(today(), today({ events }))).toEqual([
      'event user.registered (new consumers): locale is a new required field',
      'event user.registered (old consumers): fname removed',
    ]);
  });

  it('when docs/contracts.md lists a break under "Accepted breaks", then it is accepted', () => {
    const doc = '# Contracts\n\n## Accepted breaks\n\n- `route POST login: response.token removed`: the token moved to a cookie\n\n## Other\n- `not this one`\n';
    expect([...acceptedBreaks(doc)]).toEqual(['route POST login: response.token removed']);
  });
});
