import { describe, expect, it } from 'vitest';
import { fieldTypeOf } from '../registry.ts';
import type { FieldDefinition } from '../types.ts';
import { fieldText, validateField } from '../validate.ts';
import { singleFile } from './single-file.ts';

const field = (params: FieldDefinition['params'] = {}): FieldDefinition => ({
  property: 'docs',
  title: 'Documents',
  type: 'single-file',
  validation: { required: true },
  params,
});
const report = { id: 'f1', original_name: 'report.pdf', size_bytes: 1200 };
const photo = { id: 'f2', url: 'https://cdn.example/t1/photo.jpg?sig=abc' };

describe('single-file', () => {
  it('is registered, starts as an image field and is required like any field', () => {
    expect(fieldTypeOf('single-file')).toBe(singleFile);
    expect(singleFile.defaultParams.fileType).toBe('image');
    expect(validateField(field(), []).errors).toEqual(['Documents is a required field.']);
  });

  it('takes one reference as a list of one, dropping nulls and unknown keys', () => {
    expect(validateField(field(), { ...report, url: null, extra: 1 })).toEqual({ value: [report], errors: [] });
  });

  it('takes several files only with allowMultipleUploads', () => {
    expect(validateField(field(), [report, photo]).errors).toEqual(['Documents takes one file.']);
    expect(validateField(field({ allowMultipleUploads: true }), [report, photo]).errors).toEqual([]);
  });

  it('refuses a reference without an id or with a negative size', () => {
    expect(validateField(field(), [{ original_name: 'x.pdf' }]).errors).toEqual(['Documents is not valid.']);
    expect(validateField(field(), [{ id: 'f3', size_bytes: -1 }]).errors).toEqual(['Documents is not valid.']);
  });

  it('prints the original names, else the file name of the path, else the id', () => {
    expect(fieldText(field(), [report, photo, { id: 'f9' }])).toBe('report.pdf, photo.jpg, f9');
  });
});
