import { errorBody } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, asErrorBody, toApiError } from './errors.ts';

describe('asErrorBody', () => {
  // The hand check must accept exactly what the shared contract's zod schema accepts.
  const bodies: unknown[] = [
    { message: 'The given data was invalid.', errors: { email: ['The email field is required.'] } },
    { message: 'Not found.' },
    { message: 'Bad.', errors: {} },
    { message: 'Bad.', errors: { email: 'not a list' } },
    { message: 'Bad.', errors: { email: [1] } },
    { message: 'Bad.', errors: ['a'] },
    { message: 'Bad.', errors: null },
    { message: 42 },
    { errors: { email: ['x'] } },
    'a text answer',
    null,
    undefined,
    [],
  ];
  for (const body of bodies) {
    it(`agrees with errorBody on ${JSON.stringify(body)}`, () => {
      const parsed = errorBody.safeParse(body);
      expect(asErrorBody(body)).toEqual(parsed.success ? parsed.data : null);
    });
  }

  it('gives the message and per-field errors of a 422 answer', () => {
    const error = toApiError(422, 'Unprocessable Entity', { message: 'Invalid.', errors: { name: ['The name field is required.'] } });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Invalid.');
    expect(error.fieldErrors).toEqual({ name: ['The name field is required.'] });
  });

  it('falls back to the status text when the answer is not ours', () => {
    expect(toApiError(502, 'Bad Gateway', '<html>').message).toBe('Bad Gateway');
    expect(toApiError(500, '', null).message).toBe('Request failed with status 500');
    expect(toApiError(502, 'Bad Gateway', '<html>').fieldErrors).toEqual({});
  });
});
