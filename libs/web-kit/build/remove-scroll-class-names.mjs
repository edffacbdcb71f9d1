// What Mantine's AppShell header, footer and aside take from react-remove-scroll: the class names that keep
// fixed bars clear of the scroll bar a dialog hides. The package's own constants, without the scroll lock
// itself (~5 KB gzip on every page of the frame); Modal and Drawer still import the real package.
import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';

export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };
