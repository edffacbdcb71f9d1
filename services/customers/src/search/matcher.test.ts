import { escapeRegex, keyQuery, nameAndPhoneQuery, pickMatches, rank, toFilter } from './matcher';

const c = (fname: string, lname = '', phone: string | null = null, email: string | null = null, _id = 1) => ({ _id, fname, lname, phone, email });

describe('matcher', () => {
  it.each([
    ['joh', c('john'), 0],
    ['ohn', c('john'), 1],
    ['JOHN smith', c('john', 'smith'), 0],
    ['john smith', c('john', 'jones'), -1],
    ['(555) 123', c('x', '', '5551234567'), 0],
    ['4567', c('x', '', '5551234567'), 1],
    ['4567', c('x', '', null), -1],
    ['x.io', c('a', '', null, 'a@x.io'), 1],
    ['.*', c('a.*b'), 1],
    ['.*', c('ab'), -1],
    ['\\', c('a', '', null, 'back\\slash@x.io'), 1],
    ['123abc', c('x', '', '5551234567'), -1], // not phone-like: compared as text
  ])('key %j against %j ranks %d', (key, cust, expected) => {
    expect(rank(cust, keyQuery(key))).toBe(expected);
  });

  it('name-and-phone parts each match their own field; "null" parts are dropped before', () => {
    expect(rank(c('john', 'smith', '5551234567'), nameAndPhoneQuery({ fname: 'jo', lname: '', phone: '(555)' }))).toBe(0);
    expect(rank(c('john', 'smith'), nameAndPhoneQuery({ fname: 'smith', lname: '', phone: '' }))).toBe(-1);
  });

  it('orders prefix matches first, then by first name, last name and id, up to the limit', () => {
    const list = [c('maria', '', null, null, 3), c('anna', 'mar', null, null, 2), c('mar', '', null, null, 1), c('omar', '', null, null, 4)];
    expect(pickMatches(list, keyQuery('mar'), 3).map((x) => x._id)).toEqual([2, 1, 3]);
  });

  it('escapes every RE2/PCRE metacharacter, so the database fallback matches literally', () => {
    const special = '\\.+*?()|[]{}^$';
    const escaped = escapeRegex(special);
    expect(new RegExp(escaped).test(`x${special}y`)).toBe(true);
    expect(new RegExp(escapeRegex('a.c')).test('abc')).toBe(false);
    expect(toFilter(keyQuery('(5'))).toEqual({
      $and: [{ $or: [{ fname: { $regex: '\\(5' } }, { lname: { $regex: '\\(5' } }, { email: { $regex: '\\(5' } }, { phone: { $regex: '5' } }] }],
    });
  });
});
