import { Anchor, Table, Text } from '@mantine/core';
import { type ActivityFeedItem, formatTimestamp, type TextContext } from '@turnout/shared';
import { Link } from 'react-router';
import classes from './FeedTable.module.css';

/**
 * The rows of an activity feed (spec 02 §2): three columns (record, type, when), a Tenant column
 * for global admins, and 'No activity feed items today' when empty.
 */
export function FeedTable({
  items,
  withTenant,
  context,
  linkRecords,
  size = 'sm',
}: {
  items: ActivityFeedItem[];
  withTenant: boolean;
  context: TextContext;
  linkRecords: boolean;
  size?: 'sm' | 'lg';
}) {
  if (items.length === 0) return <Text fz={size === 'lg' ? 'xl' : 'sm'}>No activity feed items today</Text>;
  return (
    // Without links nothing inside takes focus: the scrolled box itself does, so a keyboard can
    // scroll it on a narrow screen (axe scrollable-region-focusable, the kiosk on a phone).
    <Table.ScrollContainer
      minWidth={420}
      scrollAreaProps={linkRecords ? undefined : { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Activity feed' } }}
    >
      <Table striped fz={size === 'lg' ? 'lg' : 'sm'} verticalSpacing={size === 'lg' ? 'sm' : 6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Record</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Updated</Table.Th>
            {withTenant && <Table.Th>Tenant</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={`${item.type}-${item.id}`}>
              <Table.Td>
                {linkRecords ? (
                  <Anchor component={Link} to={item.uri} fz="inherit" className={classes.recordLink}>
                    {item.display_name || '(no name)'}
                  </Anchor>
                ) : (
                  item.display_name || '(no name)'
                )}
              </Table.Td>
              <Table.Td>{item.type_label}</Table.Td>
              <Table.Td>
                {formatTimestamp(item.updated_at, context)}
                {item.updated_by ? ` · ${item.updated_by}` : ''}
              </Table.Td>
              {withTenant && <Table.Td>{item.tenant ?? 'Global'}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
