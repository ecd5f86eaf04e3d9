/** Quoting for the few SQL texts Realtime must build (identifiers and trigger arguments). */

export const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`

/** A string literal; `standard_conforming_strings` is on, so only quotes need doubling. */
export const literal = (value: string): string => `'${value.replaceAll("'", "''")}'`
