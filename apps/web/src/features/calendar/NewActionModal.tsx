import { Button, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTypeChoices } from '../entity-types/common/use-type-choices.ts';
import { usePermissions } from '../permissions/use-permission.tsx';

/** New Action: a record of one of the types on the calendar that the user may create. */
export function NewActionModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const navigate = useNavigate();
  const can = usePermissions();
  const choices = useTypeChoices(null, (type) => {
    const filters = type.object_data.visible_on_calendar;
    return Array.isArray(filters) && filters.length > 0 && can(type.name, 'create');
  });
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={opened} onClose={onClose} title="New Action">
      <Stack gap="xs">
        {choices.length === 0 ? <Text c="gray.7">There is no calendar type you may add records to.</Text> : null}
        {choices.map((choice) => (
          <Button
            key={choice.value}
            variant="light"
            mih={44}
            justify="flex-start"
            onClick={() => navigate(`/entity/add?type=${encodeURIComponent(choice.value)}`)}
          >
            {choice.label.replace(/ \([^)]*\)$/, '')}
          </Button>
        ))}
      </Stack>
    </Modal>
  );
}
