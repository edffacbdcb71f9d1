/**
 * How a stored name is shown. Names (people's and stores') are stored lower-case (001: the spec lowercases
 * them before saving); every screen, mail and text shows them with a capital at the start of each word, after a
 * space, a hyphen or an apostrophe: 'mary-jo o'neil' reads 'Mary-Jo O'Neil'. The rest is left as typed, so
 * 'McKay' stays as it is. One rule, used everywhere a staff member's, customer's or store's name is printed.
 */
export function displayName(value: string | null | undefined): string {
  return (value ?? '').trim().replace(/\s+/g, ' ').replace(/(^|[\s'’-])(\p{Ll})/gu, (_m, sep: string, c: string) => sep + c.toUpperCase());
}

/** A person's first and last name as shown ('anna lee' -> 'Anna Lee'); '' when both are empty. */
export function fullName(p: { fname?: string | null; lname?: string | null }): string {
  return displayName([p.fname, p.lname].filter(Boolean).join(' '));
}

/** A staff member as the calendar calls them: the nickname, else the first name, shown capitalised. */
export function staffDisplayName(e: { nickname?: string | null; fname?: string | null }): string {
  return displayName(e.nickname || e.fname);
}
