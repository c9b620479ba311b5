import type { EntityType } from '@turnout/shared';

/**
 * Does the type have a field with NFIRS params (nfirs_pad_length, nfirs_max_length)? Its list
 * offers the NFIRS Report. Apart from the reports' requests, which load when one is asked for
 * (issue 20).
 */
export const hasNfirsFields = (type: Pick<EntityType, 'fields'>) =>
  type.fields.some(
    (f) => !f.deleted && (f.field_data.params?.nfirs_pad_length !== undefined || f.field_data.params?.nfirs_max_length !== undefined),
  );
