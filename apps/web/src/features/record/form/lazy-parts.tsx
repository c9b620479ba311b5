import { Center, Loader } from '@mantine/core';
import type { FieldDefinition } from '@turnout/shared';
import { type ComponentType, lazy, Suspense } from 'react';
import type { FieldEditorProps } from '../../../fields/index.ts';

/**
 * The record screen's rarer field kinds, loaded when a form shows one (issue 20: a record's
 * first JavaScript carries what most records paint): the quiz runner, the time sheet punch card
 * and the XML importer's field mapper. A loader stands in their place while they load.
 */
function lazyPart<P extends object>(label: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Part = lazy(async () => ({ default: await load() }));
  return function LazyPart(props: P) {
    return (
      <Suspense
        fallback={
          <Center p="md">
            <Loader role="status" size="sm" aria-label={label} />
          </Center>
        }
      >
        <Part {...props} />
      </Suspense>
    );
  };
}

export const QuizRunner = lazyPart<{ field: FieldDefinition }>('Loading the quiz', () =>
  import('../quiz/QuizRunner.tsx').then((m) => m.QuizRunner),
);
export const PunchCard = lazyPart<{ field: FieldDefinition }>('Loading the punch card', () =>
  import('../timesheet/PunchCard.tsx').then((m) => m.PunchCard),
);
export const XmlImporterForm = lazyPart<FieldEditorProps<unknown>>('Loading the field mapper', () =>
  import('../../imports/XmlImporterForm.tsx').then((m) => m.XmlImporterForm),
);
