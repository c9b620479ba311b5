import {
  ActionIcon,
  Button,
  Card,
  ColorInput,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useConfirmation } from '../common/ConfirmModal.tsx';
import { newOfflineId, type Report } from '../model/draft.ts';
import { newStamp, REPORT_FONTS, stampTitle } from '../model/reports.ts';
import { BackgroundDocumentInput } from './BackgroundDocumentInput.tsx';
import { StampEditor } from './StampEditor.tsx';
import { removeAt, replaceAt, type TabProps } from './tab-props.ts';

export const NO_REPORTS = 'No Reports Defined';

/** The Reports tab (spec 03 §3 'Report definition', 'Stamp'): documents printed from a record, in inches. */
export function ReportsTab({ draft, change, readOnly }: TabProps) {
  const confirm = useConfirmation();
  const setReport = (index: number, report: Report) => change((d) => ({ ...d, reports: replaceAt(d.reports, index, report) }));
  const add = () =>
    change((d) => ({
      ...d,
      reports: [
        ...d.reports,
        { offline_id: newOfflineId(), name: '', enabled: true, available_in_ui: true, defaultFont: 'Helvetica', fontSize: 12, stamps: [] },
      ],
    }));
  return (
    <Stack gap="md" maw={1000}>
      <Group justify="space-between">
        <Title order={2} fz="lg">
          Reports
        </Title>
        {!readOnly && (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add}>
            Add Report
          </Button>
        )}
      </Group>
      {draft.reports.length === 0 && (
        <Paper withBorder radius="md" p="xl">
          <Text c="dimmed" ta="center">
            {NO_REPORTS}
          </Text>
        </Paper>
      )}
      {draft.reports.map((report, index) => {
        const name = report.name || `Report ${index + 1}`;
        const set = (patch: Partial<Report>) => setReport(index, { ...report, ...patch });
        return (
          <Card key={report.offline_id ?? index} withBorder radius="md" component="section" aria-label={`Report ${name}`}>
            <Stack gap="sm">
              <Group align="flex-end" gap="sm">
                <TextInput
                  label="Name"
                  required
                  value={report.name}
                  readOnly={readOnly}
                  error={report.name.trim() === '' ? 'The name field is required.' : undefined}
                  onChange={(e) => set({ name: e.currentTarget.value })}
                  style={{ flex: 1 }}
                />
                <Switch
                  label="Enabled"
                  checked={report.enabled}
                  disabled={readOnly}
                  onChange={(e) => set({ enabled: e.currentTarget.checked })}
                  mb={8}
                />
                <Switch
                  label="Available in the app"
                  checked={report.available_in_ui}
                  disabled={readOnly}
                  onChange={(e) => set({ available_in_ui: e.currentTarget.checked })}
                  mb={8}
                />
                {!readOnly && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Delete report ${name}`}
                    onClick={() =>
                      confirm.ask({
                        title: 'Delete report?',
                        message: `Delete the report '${name}' and its stamps?`,
                        onConfirm: () => change((d) => ({ ...d, reports: removeAt(d.reports, index) })),
                      })
                    }
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <Select
                  label="Default font"
                  data={[...REPORT_FONTS]}
                  value={report.defaultFont}
                  onChange={(font) => font && set({ defaultFont: font as Report['defaultFont'] })}
                  allowDeselect={false}
                  disabled={readOnly}
                  comboboxProps={{ withinPortal: true }}
                />
                <ColorInput
                  label="Font colour"
                  value={report.fontColor ?? ''}
                  disabled={readOnly}
                  onChange={(fontColor) => set({ fontColor: fontColor || undefined })}
                  popoverProps={{ withinPortal: true }}
                />
                <NumberInput
                  label="Font size"
                  min={1}
                  max={200}
                  value={report.fontSize ?? ''}
                  disabled={readOnly}
                  onChange={(v) => set({ fontSize: v === '' ? undefined : Number(v) })}
                />
              </SimpleGrid>
              <BackgroundDocumentInput
                reportName={name}
                value={report.backgroundDocument}
                readOnly={readOnly}
                onChange={(backgroundDocument) => set({ backgroundDocument })}
              />
              <Group justify="space-between">
                <Text fz="sm" fw={500}>
                  Stamps ({report.stamps.length})
                </Text>
                {!readOnly && (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => set({ stamps: [...report.stamps, newStamp(newOfflineId())] })}
                  >
                    Add Stamp
                  </Button>
                )}
              </Group>
              {report.stamps.map((stamp, i) => (
                <StampEditor
                  key={stamp.offline_id ?? i}
                  stamp={stamp}
                  fields={draft.fields}
                  disabled={readOnly}
                  onChange={(next) => set({ stamps: replaceAt(report.stamps, i, next) })}
                  onDelete={() =>
                    confirm.ask({
                      title: 'Delete stamp?',
                      message: `Delete the stamp '${stampTitle(stamp, draft.fields)}'?`,
                      onConfirm: () => set({ stamps: removeAt(report.stamps, i) }),
                    })
                  }
                />
              ))}
            </Stack>
          </Card>
        );
      })}
      {confirm.modal}
    </Stack>
  );
}
