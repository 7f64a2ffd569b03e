/**
 * What is compiled from a release's files for one locale, kept per files object and locale: a
 * switch brings new files, so they are compiled anew.
 */
export function perFilesAndLocale<T>(
  compile: (files: Record<string, unknown>, locale: string) => T,
): (files: Record<string, unknown>, locale: string) => T {
  const compiled = new WeakMap<Record<string, unknown>, Map<string, T>>();
  return (files, locale) => {
    let byLocale = compiled.get(files);
    if (!byLocale) {
      byLocale = new Map();
      compiled.set(files, byLocale);
    }
    let value = byLocale.get(locale);
    if (value === undefined) {
      value = compile(files, locale);
      byLocale.set(locale, value);
    }
    return value;
  };
}
