import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ENTITY_TYPE_MESSAGES } from '@turnout/shared';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/index.ts';
import { safeReturnPath } from '../../../app/return-path.ts';
import { usePermission } from '../../permissions/use-permission.tsx';
import { AccessDenied } from '../../settings/AccessDenied.tsx';
import { fetchType, typeKey } from '../entity-types-api.ts';
import { MANAGE_TYPES_PATH } from '../list/ManageEntityTypesPage.tsx';
import { failureText } from '../use-type-mutations.ts';
import { EntityTypeEditor } from './EntityTypeEditor.tsx';

/**
 * /settings/admin-tools/manage-entity-types/{add|id} (spec 03 §2 'Entity type editor'); accepts
 * `from`. Mode: add (no id, with the right to modify types), edit (an id, with it), view (without).
 */
export function EntityTypeEditorPage() {
  const { id = 'add' } = useParams();
  const [params] = useSearchParams();
  const from = safeReturnPath(params.get('from')) ?? MANAGE_TYPES_PATH;
  const canModify = usePermission('modify_entity_types', 'update');
  const isNew = id === 'add';
  const query = useQuery({
    queryKey: typeKey(id),
    queryFn: ({ signal }) => fetchType(id, signal),
    enabled: !isNew,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

  if (isNew) {
    if (!canModify) return <AccessDenied title="New Entity Type" reason="Adding entity types needs permission to modify entity types." />;
    return <EntityTypeEditor key="add" baseline={null} mode="add" from={from} />;
  }
  if (query.isPending) {
    return (
      <Stack role="status" gap="md" maw={960} aria-busy="true" aria-label="Loading the entity type">
        <Skeleton h={36} w={320} />
        <Skeleton h={36} />
        <Skeleton h={240} />
      </Stack>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.statusCode === 404;
    return (
      <Stack gap="md" maw={720}>
        <Title order={1}>Edit Entity Type</Title>
        <Alert color={notFound ? 'gray' : 'red'} variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{notFound ? ENTITY_TYPE_MESSAGES.notFound : failureText(query.error)}</Text>
            <Button component={Link} to={from} size="xs" variant="light">
              Back
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  return <EntityTypeEditor key={id} baseline={query.data} mode={canModify ? 'edit' : 'view'} from={from} />;
}
