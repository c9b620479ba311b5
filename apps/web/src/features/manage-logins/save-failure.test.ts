import { describe, expect, it } from 'vitest';
import { ApiError, SignedOutError } from '../../api/errors.ts';
import { saveFailure } from './save-failure.ts';

const fields = ['display_name', 'email_address', 'role'];

describe('saveFailure', () => {
  it('puts 422 messages under the fields, with or without the wrapper prefix', () => {
    const error = new ApiError(422, 'The given data was invalid.', {
      message: 'The given data was invalid.',
      errors: { 'person.email_address': ['The email address must be a valid email address.'], role: ['The selected role is invalid.'] },
    });
    expect(saveFailure(error, 'person', fields)).toEqual({
      fields: { email_address: 'The email address must be a valid email address.', role: 'The selected role is invalid.' },
      toast: null,
    });
  });

  it('sends what belongs to no field, and other refusals, to the toast', () => {
    const error = new ApiError(422, 'The given data was invalid.', {
      message: 'The given data was invalid.',
      errors: { body: ['Invalid input.'] },
    });
    expect(saveFailure(error, 'person', fields)).toEqual({ fields: {}, toast: 'Invalid input.' });
    expect(saveFailure(new ApiError(403, 'This action is unauthorized.'), 'user', fields)).toEqual({
      fields: {},
      toast: 'This action is unauthorized.',
    });
    expect(saveFailure(new ApiError(0, 'Failed to fetch'), 'user', fields).toast).toBe('The server cannot be reached (Failed to fetch).');
    expect(saveFailure(new SignedOutError(), 'user', fields)).toEqual({ fields: {}, toast: null });
  });
});
