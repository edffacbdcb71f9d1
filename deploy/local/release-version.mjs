/**
 * The version a release gets: an explicit x.y.z greater than the current one, or the current one bumped.
 * @param {string} current
 * @param {string} wanted  'patch' | 'minor' | 'major' | 'x.y.z'
 */
export function nextVersion(current, wanted) {
  const parse = (v) => {
    const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(v);
    if (!m) throw new Error(`not a version: ${v}`);
    return m.slice(1).map(Number);
  };
  const [major, minor, patch] = parse(current);
  if (wanted === 'major') return `${major + 1}.0.0`;
  if (wanted === 'minor') return `${major}.${minor + 1}.0`;
  if (wanted === 'patch') return `${major}.${minor}.${patch + 1}`;
  const next = parse(wanted);
  const order = next.map((n, i) => n - [major, minor, patch][i]).find((d) => d !== 0) ?? 0;
  if (order <= 0) throw new Error(`${wanted} is not after ${current}`);
  return wanted;
}
