import { displayName, fullName, staffDisplayName } from './names';

describe('displayName', () => {
  it("when a name is stored lower-case, then each word starts with a capital, also after a hyphen or apostrophe", () => {
    expect(displayName('mariah')).toBe('Mariah');
    expect(displayName("mary-jo o'neil")).toBe("Mary-Jo O'Neil");
    expect(displayName('  anna   lee ')).toBe('Anna Lee');
    expect(displayName('élodie ñúñez')).toBe('Élodie Ñúñez');
  });

  it('when a name has capitals inside, then they are kept; empty stays empty', () => {
    expect(displayName('mcKay')).toBe('McKay');
    expect(displayName(null)).toBe('');
  });

  it('when a staff member has a nickname, then it is shown, else the first name; a full name joins both parts', () => {
    expect(staffDisplayName({ nickname: 'annie', fname: 'anna' })).toBe('Annie');
    expect(staffDisplayName({ nickname: '', fname: 'anna' })).toBe('Anna');
    expect(fullName({ fname: 'anna', lname: '' })).toBe('Anna');
    expect(fullName({ fname: 'anna', lname: 'lee' })).toBe('Anna Lee');
  });
});
