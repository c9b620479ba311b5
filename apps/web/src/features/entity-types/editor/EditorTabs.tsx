import { Tabs } from '@mantine/core';
import type { EntityTypeField } from '@turnout/shared';
import { useState } from 'react';
import { ActionsTab } from './ActionsTab.tsx';
import { AdditionalTab } from './AdditionalTab.tsx';
import { AlarmsTab } from './AlarmsTab.tsx';
import { FieldsTab } from './FieldsTab.tsx';
import { PermissionsTab } from './PermissionsTab.tsx';
import { QuizTab } from './QuizTab.tsx';
import { ReportsTab } from './ReportsTab.tsx';
import { SetupTab } from './SetupTab.tsx';
import { TransitionsTab } from './TransitionsTab.tsx';
import type { TabProps } from './tab-props.ts';

interface EditorTabsProps extends TabProps {
  fieldEditable: (field: EntityTypeField) => boolean;
  canAddFields: boolean;
  fieldErrors: Record<string, string[]>;
}

/** The editor's sections (spec 03 §2): setup, Fields, Additional Configuration, Quiz Configuration (with is_quiz), Reports, Actions, Alarms, Transitions, Permissions. */
export function EditorTabs(props: EditorTabsProps) {
  const [tab, setTab] = useState<string>('setup');
  const [page, setPage] = useState(1);
  const isQuiz = props.draft.object_data.is_quiz === true;
  const current = tab === 'quiz' && !isQuiz ? 'setup' : tab;
  const fieldsWithErrors = Object.keys(props.fieldErrors).length;
  const additionalErrors = Object.keys(props.typeErrors ?? {}).some((key) => key.startsWith('object_data.'));
  return (
    <Tabs value={current} onChange={(value) => value && setTab(value)} keepMounted={false} variant="outline">
      <Tabs.List>
        <Tabs.Tab value="setup">setup</Tabs.Tab>
        <Tabs.Tab value="fields" color={fieldsWithErrors ? 'red' : undefined}>
          Fields ({props.draft.fields.length})
        </Tabs.Tab>
        <Tabs.Tab value="additional" color={additionalErrors ? 'red' : undefined}>
          Additional Configuration
        </Tabs.Tab>
        {isQuiz && <Tabs.Tab value="quiz">Quiz Configuration</Tabs.Tab>}
        <Tabs.Tab value="reports">Reports</Tabs.Tab>
        <Tabs.Tab value="actions">Actions</Tabs.Tab>
        <Tabs.Tab value="alarms">Alarms</Tabs.Tab>
        <Tabs.Tab value="transitions">Transitions</Tabs.Tab>
        <Tabs.Tab value="permissions">Permissions</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="setup" pt="lg">
        <SetupTab {...props} />
      </Tabs.Panel>
      <Tabs.Panel value="fields" pt="lg">
        <FieldsTab {...props} page={page} onPageChange={setPage} />
      </Tabs.Panel>
      <Tabs.Panel value="additional" pt="lg">
        <AdditionalTab {...props} />
      </Tabs.Panel>
      {isQuiz && (
        <Tabs.Panel value="quiz" pt="lg">
          <QuizTab {...props} />
        </Tabs.Panel>
      )}
      <Tabs.Panel value="reports" pt="lg">
        <ReportsTab {...props} />
      </Tabs.Panel>
      <Tabs.Panel value="actions" pt="lg">
        <ActionsTab {...props} />
      </Tabs.Panel>
      <Tabs.Panel value="alarms" pt="lg">
        <AlarmsTab {...props} />
      </Tabs.Panel>
      <Tabs.Panel value="transitions" pt="lg">
        <TransitionsTab {...props} />
      </Tabs.Panel>
      <Tabs.Panel value="permissions" pt="lg">
        <PermissionsTab baseline={props.baseline} />
      </Tabs.Panel>
    </Tabs>
  );
}
