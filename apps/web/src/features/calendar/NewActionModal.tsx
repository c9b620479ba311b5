import { Button, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { EntityTypeLite } from '@turnout/shared';
import { useNavigate } from 'react-router';
import { useTypeChoices } from '../entity-types/common/use-type-choices.ts';
import { fetchTypesLite, liteKey } from '../entity-types/entity-types-api.ts';
import { usePermissions } from '../permissions/use-permission.tsx';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The add link of a calendar type (spec 01 §2.7 field.{property} prefills): from a day's
 * popout, the type's start field holds that day — the date for all-day types, else 08:00 local.
 */
export function addLink(type: Pick<EntityTypeLite, 'name' | 'object_data'>, day?: Date | null): string {
  const params = new URLSearchParams({ type: type.name });
  const start = type.object_data.start_datetime_field;
  if (day && typeof start === 'string' && start) {
    const value =
      type.object_data.all_day_entity === true
        ? `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`
        : new Date(day.getFullYear(), day.getMonth(), day.getDate(), 8).toISOString();
    params.set(`field.${start}`, JSON.stringify({ value }));
  }
  return `/entity/add?${params.toString()}`;
}

/** New Action: a record of one of the types on the calendar that the user may create; from a day's popout, on that day. */
export function NewActionModal({ opened, onClose, day }: { opened: boolean; onClose(): void; day?: Date | null }) {
  const navigate = useNavigate();
  const can = usePermissions();
  const lite = useQuery({ queryKey: liteKey, queryFn: ({ signal }) => fetchTypesLite(signal) });
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
            onClick={() => {
              const type = lite.data?.find((t) => t.name === choice.value);
              navigate(type ? addLink(type, day) : `/entity/add?type=${encodeURIComponent(choice.value)}`);
            }}
          >
            {choice.label.replace(/ \([^)]*\)$/, '')}
          </Button>
        ))}
      </Stack>
    </Modal>
  );
}
