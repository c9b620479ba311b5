import { SimpleGrid, TextInput } from '@mantine/core';
import { RoleMultiSelect } from '../common/RoleMultiSelect.tsx';
import { type Draft, pageLabel, pageRoles, withPageEntry } from '../model/draft.ts';

interface PageSettingsProps {
  draft: Draft;
  page: number;
  change: (recipe: (draft: Draft) => Draft) => void;
  readOnly: boolean;
}

/** A page's label (default 'Page N') and who sees it (roles, ALL for everyone). */
export function PageSettings({ draft, page, change, readOnly }: PageSettingsProps) {
  const labels = draft.object_data.page_labels;
  const typed = Array.isArray(labels) && typeof labels[page - 1] === 'string' ? (labels[page - 1] as string) : '';
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label={`Page ${page} label`}
        placeholder={`Page ${page}`}
        value={typed}
        readOnly={readOnly}
        onChange={(event) => {
          const value = event.currentTarget.value;
          change((d) => withPageEntry(d, 'page_labels', page, value, (n) => pageLabel(d, n)));
        }}
      />
      <RoleMultiSelect
        label={`Page ${page} visible to`}
        value={pageRoles(draft, page)}
        disabled={readOnly}
        onChange={(roles) => change((d) => withPageEntry(d, 'page_visibility_rules', page, roles, (n) => pageRoles(d, n)))}
      />
    </SimpleGrid>
  );
}
