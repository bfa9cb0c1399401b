import {
  FIELD_LABELS,
  MAX_MEMBERS_RANGE_MESSAGE,
  NO_NUL_PATTERN,
  requiredMessage,
  UUID_PATTERN,
} from '@chat/shared/schemas';
import type { FastifySchemaValidationError } from 'fastify';

/**
 * The labelled fields (room and login) use the labels and texts the front end's forms use, so a message looks
 * the same whichever side caught the problem. Other fields get Laravel's defaults.
 */
const labels: Partial<Record<string, string>> = FIELD_LABELS;
const overrides: Record<string, Partial<Record<string, string>>> = {
  max_members: {
    type: MAX_MEMBERS_RANGE_MESSAGE,
    minimum: MAX_MEMBERS_RANGE_MESSAGE,
    maximum: MAX_MEMBERS_RANGE_MESSAGE,
  },
};

/** What a shared pattern means, said the way Laravel's rule for it would. */
const patternMessages: Record<string, (attribute: string) => string> = {
  [NO_NUL_PATTERN]: (attribute) => `${attribute} must not contain NUL characters.`,
  [UUID_PATTERN]: (attribute) => `${attribute} must be a valid UUID.`,
};

function fieldOf(error: FastifySchemaValidationError): string {
  const params = error.params as { missingProperty?: string };
  if (error.keyword === 'required' && params.missingProperty) return params.missingProperty;
  return error.instancePath.split('/')[1] ?? '';
}

function messageFor(field: string, error: FastifySchemaValidationError): string {
  const custom = overrides[field]?.[error.keyword];
  if (custom) return custom;
  const label = labels[field];
  const attribute = `The ${field.replaceAll('_', ' ')} field`;
  const limit = (error.params as { limit?: number }).limit;
  switch (error.keyword) {
    case 'required':
      return label ? requiredMessage(label) : `${attribute} is required.`;
    case 'maxLength':
      return `${attribute} must not be greater than ${limit} characters.`;
    case 'minLength':
      return `${attribute} must be at least ${limit} characters.`;
    case 'maximum':
      return `${attribute} must not be greater than ${limit}.`;
    case 'minimum':
      return `${attribute} must be at least ${limit}.`;
    case 'format':
      return `${attribute} must be a valid ${String((error.params as { format?: string }).format).toUpperCase()}.`;
    case 'pattern':
      return (
        patternMessages[String((error.params as { pattern?: string }).pattern)]?.(attribute) ??
        `${attribute} format is invalid.`
      );
    case 'type': {
      const type = String((error.params as { type?: string }).type);
      return `${attribute} must be ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}.`;
    }
    default:
      return `${attribute} is invalid.`;
  }
}

/** Schema errors grouped per field, Laravel style: `{ field: [messages] }`. */
export function toFieldErrors(errors: FastifySchemaValidationError[]): Record<string, string[]> {
  const grouped: Record<string, string[]> = {};
  for (const error of errors) {
    const field = fieldOf(error) || 'body';
    const message = messageFor(field, error);
    const list = grouped[field] ?? [];
    if (!list.includes(message)) list.push(message);
    grouped[field] = list;
  }
  return grouped;
}
