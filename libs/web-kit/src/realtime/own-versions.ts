// In this tab's memory (the shell's one copy of web-kit, shared with the modules): the app versions this tab
// published itself. Every other tab reloads on a 'version' event; the super admin's own tab stays, so the
// 'saved' message is seen.
const published = new Set<string>();

/** Call before POST updateVersion: this tab will not reload for this version. */
export function markOwnVersion(appVersion: string): void {
  published.add(appVersion.trim());
}

/** Whether this tab published the version itself. */
export function isOwnVersion(appVersion: string | undefined): boolean {
  return appVersion !== undefined && published.has(String(appVersion).trim());
}
