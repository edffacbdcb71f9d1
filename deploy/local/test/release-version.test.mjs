import { nextVersion } from '../release-version.mjs';

describe('the release version', () => {
  it('when a part is named, then the current version is bumped there', () => {
    expect(nextVersion('0.1.2', 'patch')).toBe('0.1.3');
    expect(nextVersion('0.1.2', 'minor')).toBe('0.2.0');
    expect(nextVersion('0.1.2', 'major')).toBe('1.0.0');
  });

  it('when a version is given, then it must come after the current one', () => {
    expect(nextVersion('0.0.0', '0.1.0')).toBe('0.1.0');
    expect(() => nextVersion('0.2.0', '0.1.9')).toThrow('0.1.9 is not after 0.2.0');
    expect(() => nextVersion('0.2.0', '0.2.0')).toThrow('is not after');
    expect(() => nextVersion('0.2.0', 'v1')).toThrow('not a version: v1');
  });
});
