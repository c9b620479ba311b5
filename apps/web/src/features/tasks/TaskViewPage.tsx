import { Button, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { RecordDetail } from '../entity-list/RecordDetail.tsx';

/** /tasks/{type}/{id} (TaskView): the task record, read-only until the record screen arrives. */
export function TaskViewPage() {
  const { type = '', id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <Stack gap="md" maw={900}>
      <Button
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        onClick={() => navigate('/tasks')}
        style={{ alignSelf: 'flex-start' }}
      >
        Tasks
      </Button>
      <RecordDetail typeName={type} id={id} />
    </Stack>
  );
}
