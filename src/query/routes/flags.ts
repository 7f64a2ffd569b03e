/** A boolean URL parameter as the contract writes it: `1` or `true` is on, anything else off. */
export function isTrue(flag: string | undefined): boolean {
  return flag === '1' || flag === 'true';
}
