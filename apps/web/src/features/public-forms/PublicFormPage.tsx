import { Alert, Box, Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { EntityType } from '@turnout/shared';
import { useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { ApiError } from '../../api/index.ts';
import { PublicUploadContext } from '../../fields/common/files.ts';
import { DynamicForm } from '../record/form/DynamicForm.tsx';
import { useFormState } from '../record/form/use-form-state.ts';
import { textColorOn } from './colors.ts';
import {
  CAPTCHA_KEY,
  fetchPublicForm,
  HONEYPOT_KEY,
  linkOf,
  PUBLIC_FORM_TEXT,
  type PublicLink,
  solveCaptcha,
  submitPublicForm,
} from './public-form-api.ts';

/**
 * /public_forms/{type} (spec 01 §2.1, 02 §2): outside the app shell, no sign-in. The signed link
 * loads the type's public fields and the tenant's name and colour; the visitor fills in the
 * multi-page form and sends it; the page then reads 'Saved Successfully'.
 */
export function PublicFormPage() {
  const { type = '' } = useParams();
  const { search } = useLocation();
  const link = useMemo(() => linkOf(search), [search]);
  const form = useQuery({
    queryKey: ['public-form', type, link.tenantId, link.tenantHmac],
    queryFn: ({ signal }) => fetchPublicForm(type, link, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const color = form.data?.tenant.color || PUBLIC_FORM_TEXT.defaultColor;

  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg={color} c={textColorOn(color)} py="md">
        <Container size={760}>
          <Text fw={700} fz="lg">
            {form.data?.tenant.name ?? '\u00a0'}
          </Text>
        </Container>
      </Box>
      <Container size={760} py="lg" component="main">
        {form.isPending ? (
          <Center py="xl">
            <Loader role="status" aria-label="Loading the form" />
          </Center>
        ) : form.error ? (
          <LinkProblem error={form.error} />
        ) : (
          <PublicFormBody type={form.data.data} link={link} captcha={form.data.captcha} color={color} />
        )}
      </Container>
    </Box>
  );
}

function LinkProblem({ error }: { error: Error }) {
  const refused = error instanceof ApiError && (error.statusCode === 403 || error.statusCode === 404);
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title order={1} fz={24}>
          {refused ? PUBLIC_FORM_TEXT.badLinkTitle : 'Form unavailable'}
        </Title>
        <Text>{refused ? error.message : PUBLIC_FORM_TEXT.loadFailed}</Text>
      </Stack>
    </Paper>
  );
}

const VISITOR = { role: null, isGlobalAdmin: false } as const;
const noRecord = async () => null;

function PublicFormBody({ type, link, captcha, color }: { type: EntityType; link: PublicLink; captcha: boolean; color: string }) {
  const state = useFormState({ type, mode: 'add', viewer: VISITOR, initial: {}, saved: {} });
  const [page, setPage] = useState(1);
  const [honeypot, setHoneypot] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<{ title: string; message: string } | null>(null);
  const upload = useMemo(() => ({ typeName: type.name, ...link }), [type.name, link]);

  if (done) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="sm" role="status">
          <IconCircleCheck size={48} color={color} aria-hidden />
          <Title order={1} fz={26}>
            {done.title}
          </Title>
          <Text>{done.message}</Text>
        </Stack>
      </Paper>
    );
  }

  const send = async () => {
    state.touchAll();
    setProblem(null);
    if (!state.valid) {
      if (state.firstInvalidPage !== null) setPage(state.firstInvalidPage);
      return;
    }
    setSending(true);
    try {
      const body: Record<string, unknown> = { ...state.changes, [HONEYPOT_KEY]: honeypot };
      if (captcha) body[CAPTCHA_KEY] = await solveCaptcha(type.name, link);
      setDone(await submitPublicForm(type.name, link, body));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) {
        state.setServerErrors(error.fieldErrors);
        const first = state.defs.find((f) => error.fieldErrors[f.property]);
        if (first) setPage(first.page ?? 1);
        const general = error.fieldErrors[CAPTCHA_KEY]?.[0];
        setProblem(general ?? 'There were errors when saving. Please correct to the validation errors to continue.');
      } else {
        setProblem((error as Error).message || 'The form could not be sent. Please try again.');
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <Stack gap="md">
        <Title order={1} fz={26}>
          {type.label}
        </Title>
        <PublicUploadContext.Provider value={upload}>
          <DynamicForm
            state={state}
            typeName={type.name}
            typeLabel={type.label}
            saved={null}
            page={page}
            onPage={setPage}
            applyRecord={() => {}}
            saveFirst={noRecord}
            banner={
              problem ? (
                <Alert color="red" role="alert">
                  {problem}
                </Alert>
              ) : null
            }
          />
        </PublicUploadContext.Provider>
        {/* A field people never see: bots that fill in every input give themselves away. */}
        <Box style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }} aria-hidden>
          <label>
            Website
            <input
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={honeypot}
              onChange={(e) => setHoneypot(e.currentTarget.value)}
            />
          </label>
        </Box>
        <Group justify="flex-end">
          <Button size="md" onClick={send} loading={sending} color={color} c={textColorOn(color)}>
            Submit
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
