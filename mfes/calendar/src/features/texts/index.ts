/**
 * Texts to customers from the calendar (docs/product/texts.md): the Text Center, the bulk reminder, the SMS
 * inbox. Callers import the files themselves (the toolbar from the route, the Text Center from the lazy
 * details), so neither pulls the other into its chunk; this index names what the feature offers.
 */
export { TextsToolbar, type TextsToolbarProps } from './texts-toolbar';
export { TextCenter, type TextCenterProps } from './text-center';
export { sendText, textFailure } from './texts-data';
export { recipientOf, TEXTS_MESSAGES } from './texts-rules';
