/**
 * Where an answer that is a plain text (the spec's POST staff answers) carries its error code, so screens
 * can branch on the code while the spec's client reads the text. Apart from the messages: the browser's API
 * client reads it on every page.
 */
export const ERROR_CODE_HEADER = 'x-error-code';
