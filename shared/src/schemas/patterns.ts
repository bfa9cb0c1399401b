/**
 * PostgreSQL refuses the NUL character (0x00) in text, so text that is stored or looked up must not carry it:
 * refused by the schema as a 422, not by the database as a 500.
 */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';

/**
 * A UUID in its canonical 8-4-4-4-12 form only. Ajv's `uuid` format also admits `urn:uuid:…`, which
 * PostgreSQL's `uuid` type refuses.
 */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
