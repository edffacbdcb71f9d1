// What Mantine's AppShell imports for an aside (the right-hand column), which no Turnbook frame draws (~0.9 KB
// gzip on every page of the frame): the media styles' aside variables, which set nothing when there is no
// aside, and AppShell.Aside. A frame given an aside says so instead of drawing none.
const LEFT_OUT = "AppShell's aside is left out of Turnbook builds (web-kit build/app-shell-without-aside.mjs)";

export function assignAsideVariables({ aside }) {
  if (aside !== undefined) throw new Error(LEFT_OUT);
}

export function AppShellAside() {
  throw new Error(LEFT_OUT);
}
