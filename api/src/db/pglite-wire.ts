import { protocol } from '@electric-sql/pglite';

const { DatabaseError } = protocol.messages;

export interface Field {
  name: string;
  dataTypeID: number;
}

/** What one extended-protocol exchange (…, execute, sync) answered. */
export interface WireResponse {
  /** A Parse in the exchange succeeded: the statement now exists on the server. */
  parsed: boolean;
  fields: Field[];
  /** Cells as the server sent them (text format), null for SQL NULL. */
  rows: (string | null)[][];
  /** The command tag: `SELECT 2`, `INSERT 0 5`, `BEGIN`… */
  tag: string | undefined;
  error: InstanceType<typeof DatabaseError> | undefined;
}

/** Field codes of ErrorResponse, as node-postgres names them. */
const ERROR_FIELDS: Record<string, string> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

/**
 * Reads the backend's answer to one query: the few message types an extended-protocol exchange produces.
 * PGlite's own reader copies every cell into a fresh ArrayBuffer before decoding it, which made reading a
 * 50-message page cost more than running its query; this one decodes straight from the received bytes.
 */
export function readResponse(data: Buffer): WireResponse {
  const response: WireResponse = { parsed: false, fields: [], rows: [], tag: undefined, error: undefined };
  let offset = 0;
  while (offset + 5 <= data.length) {
    const code = data[offset] as number;
    const end = offset + 1 + data.readInt32BE(offset + 1);
    let at = offset + 5;
    const cstring = () => {
      const zero = data.indexOf(0, at);
      const text = data.toString('utf8', at, zero);
      at = zero + 1;
      return text;
    };
    switch (code) {
      case 0x31: // ParseComplete
        response.parsed = true;
        break;
      case 0x54: {
        // RowDescription
        const count = data.readInt16BE(at);
        at += 2;
        response.fields = [];
        for (let i = 0; i < count; i++) {
          const name = cstring();
          response.fields.push({ name, dataTypeID: data.readInt32BE(at + 6) });
          at += 18;
        }
        break;
      }
      case 0x44: {
        // DataRow
        const count = data.readInt16BE(at);
        at += 2;
        const row: (string | null)[] = new Array(count);
        for (let i = 0; i < count; i++) {
          const length = data.readInt32BE(at);
          at += 4;
          if (length < 0) row[i] = null;
          else {
            row[i] = data.toString('utf8', at, at + length);
            at += length;
          }
        }
        response.rows.push(row);
        break;
      }
      case 0x43: // CommandComplete
        response.tag = cstring();
        break;
      case 0x45: {
        // ErrorResponse: the first one is the one that counts.
        const fields: Record<string, string> = {};
        while (at < end && data[at] !== 0) {
          const type = String.fromCharCode(data[at] as number);
          at += 1;
          fields[type] = cstring();
        }
        if (response.error) break;
        const error = new DatabaseError(fields.M ?? 'Unknown database error', end - offset - 1, 'error');
        for (const [type, property] of Object.entries(ERROR_FIELDS)) {
          if (fields[type] !== undefined)
            (error as unknown as Record<string, string>)[property] = fields[type];
        }
        response.error = error;
        break;
      }
      // BindComplete, CloseComplete, NoData, EmptyQuery, Notice, ReadyForQuery…: nothing to keep.
    }
    offset = end;
  }
  return response;
}
