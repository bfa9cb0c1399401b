import { MAX_MEMBERS_MAX, MAX_MEMBERS_MIN, NO_NUL_PATTERN, UUID_PATTERN } from '@chat/shared/schemas';
import type { FastifySchemaValidationError } from 'fastify';

/**
 * Field labels and messages. The room and login ones repeat, word for word, what the front end's forms say,
 * so a message looks the same whichever side caught the problem. Other fields get Laravel's defaults.
 */
const labels: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  max_members: 'Max Members',
  username: 'Username',
  password: 'Password',
};
const maxMembersRange = `Max Members must be a whole number between ${MAX_MEMBERS_MIN} and ${MAX_MEMBERS_MAX}.`;
const overrides: Record<string, Partial<Record<string, string>>> = {
  max_members: { type: maxMembersRange, minimum: maxMembersRange, maximum: maxMembersRange },
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
      return label ? `${label} is required` : `${attribute} is required.`;
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
