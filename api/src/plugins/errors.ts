import { STATUS_CODES } from 'node:http';
import { ATTACHMENT_MAX_BYTES } from '@chat/shared/schemas';
import type { FastifyError, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, notFound, validationError } from '../http/http-error';
import { toFieldErrors } from '../http/validation-messages';

const attachmentTooLarge = () =>
  validationError({
    attachment: [`The attachment field must not be greater than ${ATTACHMENT_MAX_BYTES / 1024} kilobytes.`],
  });

/** Fastify's and plugins' own errors, translated into what a Laravel backend would answer. */
function translate(error: FastifyError): HttpError {
  if (error instanceof HttpError) return error;
  if (error.validation) {
    // A malformed id in the path means "no such thing", as Laravel's route binding answers.
    if (error.validationContext === 'params') return notFound();
    return validationError(toFieldErrors(error.validation));
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new HttpError(400, 'The request body is not valid JSON.');
    case 'FST_REQ_FILE_TOO_LARGE':
      return attachmentTooLarge();
    case 'FST_FILES_LIMIT':
      return validationError({ attachment: ['Only one attachment may be sent per message.'] });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return new HttpError(429, 'Too Many Attempts.');
  if (status >= 400 && status < 500) return new HttpError(status, STATUS_CODES[status] ?? 'Bad Request');
  return new HttpError(500, 'Server Error');
}

function send(reply: FastifyReply, error: HttpError) {
  reply.code(error.statusCode).headers(error.headers);
  return reply.send(
    error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
  );
}

/** Every failure leaves as `{ message, errors? }`; stack traces and internal messages only reach the log. */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const translated = translate(error);
      if (translated.statusCode >= 500) request.log.error({ err: error }, 'unhandled error');
      return send(reply, translated);
    });
    app.setNotFoundHandler((_request, reply) => send(reply, notFound()));
  },
  { name: 'errors' },
);
