import { Badge, Group, Text } from '@mantine/core';

/** A permission's row heading in both editors: its friendly name, its badges, its key in small type. */
export function PermissionLabel({
  label,
  name,
  globallySet,
  vendorOnly = false,
}: {
  label: string;
  name: string;
  globallySet: boolean;
  vendorOnly?: boolean;
}) {
  return (
    <>
      <Group gap={6} wrap="wrap">
        <span>{label}</span>
        {globallySet && (
          <Badge size="xs" variant="light" color="gray">
            Globally set
          </Badge>
        )}
        {vendorOnly && (
          <Badge size="xs" variant="light" color="grape">
            Vendor only
          </Badge>
        )}
      </Group>
      <Text fz="xs" c="dimmed" ff="monospace" fw={400}>
        {name}
      </Text>
    </>
  );
}
