// What Mantine's NavLink imports to fold nested links (Collapse and its chevron), drawn only for a NavLink
// with children, which no Turnbook menu has (~2.5 KB gzip on every page of the frame). A NavLink given
// children says so instead of showing them unfolded.
function leftOut() {
  throw new Error("NavLink's nested links are left out of Turnbook builds (web-kit build/nav-link-without-children.mjs)");
}
export const Collapse = leftOut;
export const AccordionChevron = leftOut;
