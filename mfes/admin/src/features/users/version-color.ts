/** App version of a user against the current setting: green when it matches, red when it differs. */
export function versionColor(userVersion: string | null | undefined, current: string | null | undefined): 'green' | 'red' {
  return (userVersion ?? '') === (current ?? '') && Boolean(current) ? 'green' : 'red';
}
