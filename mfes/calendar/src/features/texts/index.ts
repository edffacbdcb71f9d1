/** Texts to customers from the calendar (docs/product/texts.md): the Text Center, the bulk reminder, the SMS inbox. */
export { TextsToolbar, type TextsToolbarProps } from './texts-toolbar';
export { TextCenter, type TextCenterProps } from './text-center';
export { sendText, textFailure } from './texts-data';
export { recipientOf, TEXTS_MESSAGES } from './texts-rules';
