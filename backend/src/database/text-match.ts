/**
 * A Prisma string filter matching `value` exactly, ignoring upper and lower case.
 *
 * On PostgreSQL Prisma renders `mode: 'insensitive'` as `ILIKE`, for `equals` too, and leaves `%` and `_` in the
 * value as wildcards (Prisma's filtering FAQ: escape them to match them literally). Unescaped, erasing
 * `jose_m@example.org` would also erase `joseXm@example.org`; so the backslash, PostgreSQL's default LIKE escape,
 * goes before each of `\`, `%` and `_`.
 */
export function equalsIgnoringCase(value: string): { equals: string; mode: 'insensitive' } {
  return { equals: value.replace(/[\\%_]/g, (character) => `\\${character}`), mode: 'insensitive' };
}
