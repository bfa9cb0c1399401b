/** How the pool hands values to PGlite's wire protocol, as node-postgres would to a server. */
export type Param = string | Uint8Array | null;

/** As node-postgres prepares values: text for the server to read by the column's type, bytes as bytes. */
export function toParam(value: unknown): Param | undefined {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
  }
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return value;
  if (Array.isArray(value)) return arrayLiteral(value);
  return undefined;
}

/**
 * An array as node-postgres sends it: PostgreSQL's array literal, every element quoted. A mention's names
 * (an array) otherwise took PGlite's own `query()`, six calls and a fresh plan per send, which made a send
 * that names someone cost three times one that does not.
 */
function arrayLiteral(values: readonly unknown[]): string | undefined {
  const elements: string[] = [];
  for (const value of values) {
    if (value === null || value === undefined) {
      elements.push('NULL');
      continue;
    }
    const element = Array.isArray(value) ? arrayLiteral(value) : toParam(value);
    if (typeof element !== 'string') return undefined;
    elements.push(Array.isArray(value) ? element : `"${element.replace(/[\\"]/g, '\\$&')}"`);
  }
  return `{${elements.join(',')}}`;
}

/** The protocol messages of one round trip, as one buffer. */
export function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
