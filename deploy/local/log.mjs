// Console output of the launcher: one prefix, optional colour when a terminal is attached.
const colour = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code) => (text) => (colour ? `\x1b[${code}m${text}\x1b[0m` : text);

export const bold = paint(1);
export const red = paint(31);
export const green = paint(32);
export const yellow = paint(33);
export const dim = paint(2);

export const step = (text) => console.log(`${bold('▸')} ${text}`);
export const info = (text) => console.log(`  ${text}`);
export const note = (text) => console.log(`  ${yellow('note:')} ${text}`);
export const fail = (text) => console.error(`${red('✖')} ${text}`);
export const ok = (text) => console.log(`${green('✔')} ${text}`);

/** An error whose message is meant for the user as-is (no stack trace). */
export class LauncherError extends Error {}
