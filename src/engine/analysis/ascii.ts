/** No character at or above U+0080 (surrogates included): the fast paths of analysis apply. */
const NON_ASCII = /[\u0080-\uffff]/;

export function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}
