import { Alert, Anchor, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, type FieldErrors } from '../../api/index.ts';
import type { ListRequest } from '../entity-list/list-model.ts';
import { followNfirsReport, type NfirsDepartment, type NfirsNotes, requestNfirsReport, showReportError } from './list-reports.ts';

/** The department last used on this device (FDID and state are the same for every report of a department). */
const STORAGE_KEY = 'turnout.nfirs.department';
function lastDepartment(): NfirsDepartment {
  try {
    const saved = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<NfirsDepartment>;
    return { fdid: typeof saved.fdid === 'string' ? saved.fdid : '', state: typeof saved.state === 'string' ? saved.state : '' };
  } catch {
    return { fdid: '', state: '' };
  }
}

/** Alert titles in the text colour: orange or yellow on their light background is too faint (axe color-contrast). */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

interface NfirsReportDialogProps {
  opened: boolean;
  typeName: string;
  label: string;
  /** The list as filtered, searched and sorted: the report covers exactly its records. */
  request: ListRequest;
  onOpen(): void;
  onClose(): void;
}

/**
 * NFIRS Report (spec 01 §2.6): the list's incidents as an NFIRS 5.0 file. Asks the department's
 * FDID and state, follows the job with the report toasts, saves the file, then lists the records
 * left out for missing required NFIRS elements and the values cut to an element's width.
 */
export function NfirsReportDialog({ opened, typeName, label, request, onOpen, onClose }: NfirsReportDialogProps) {
  const [department, setDepartment] = useState(lastDepartment);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<NfirsNotes | null>(null);
  const close = () => {
    setResult(null);
    onClose();
  };
  const submit = async () => {
    setBusy(true);
    setErrors({});
    let jobId: string;
    try {
      jobId = await requestNfirsReport(typeName, request, department);
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(department));
    } catch (error) {
      if (error instanceof ApiError && (error.fieldErrors.fdid || error.fieldErrors.state)) setErrors(error.fieldErrors);
      else showReportError(error);
      setBusy(false);
      return;
    }
    onClose();
    setBusy(false);
    const notes = await followNfirsReport(jobId, `${label} NFIRS report.txt`);
    if (notes) {
      setResult(notes);
      onOpen();
    }
  };
  const recordLink = (id: string) => `/entity/${encodeURIComponent(typeName)}/${encodeURIComponent(id)}`;
  return (
    <Modal opened={opened} onClose={close} title="NFIRS Report" centered size={result ? 'lg' : 'md'}>
      {result ? (
        <Stack data-testid="nfirs-result">
          <Text>
            {result.exported} of {result.records} {result.records === 1 ? 'record' : 'records'} written to the NFIRS file.
          </Text>
          {result.missingCount > 0 ? (
            <Alert color="orange" styles={READABLE_TITLE} title={`${result.missingCount} left out: required NFIRS elements are missing`}>
              <List size="sm" spacing={4} aria-label="Records missing NFIRS elements">
                {result.missing.map((r) => (
                  <List.Item key={r.id}>
                    <Anchor component={Link} to={recordLink(r.id)} onClick={close}>
                      {r.display_name || r.id}
                    </Anchor>
                    : {r.elements.join(', ')}
                  </List.Item>
                ))}
              </List>
              {result.missingCount > result.missing.length ? (
                <Text fz="sm" mt="xs">
                  and {result.missingCount - result.missing.length} more.
                </Text>
              ) : null}
            </Alert>
          ) : (
            <Text c="green.9">Every record has the required NFIRS elements.</Text>
          )}
          {result.cut.length > 0 ? (
            <Alert color="yellow" styles={READABLE_TITLE} title="Values cut to their NFIRS width">
              <List size="sm" spacing={4} aria-label="Records with values cut">
                {result.cut.map((r) => (
                  <List.Item key={r.id}>
                    {r.display_name || r.id}: {r.elements.join(', ')}
                  </List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={close}>Close</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Text fz="sm">
              The incidents of the list, with its filters, search and sort, as NFIRS 5.0 records. Records missing required elements are
              listed and left out.
            </Text>
            <Group grow align="flex-start">
              <TextInput
                label="FDID"
                description="Fire department ID, up to 5 characters"
                maxLength={5}
                value={department.fdid}
                error={errors.fdid?.[0]}
                onChange={(e) => setDepartment({ ...department, fdid: e.currentTarget.value })}
              />
              <TextInput
                label="State"
                description="Two-letter code"
                maxLength={2}
                value={department.state}
                error={errors.state?.[0]}
                onChange={(e) => setDepartment({ ...department, state: e.currentTarget.value.toUpperCase() })}
              />
            </Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Create NFIRS Report
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
