import { Button, Group, MultiSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications as toasts } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { CONVERSATION_NAME_MAX, type ConversationPerson, DEBOUNCE_MS } from '@turnout/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeReturnPath } from '../../app/return-path.ts';
import { fetchMembers, logConversationError, useStartConversation } from './conversations-api.ts';

/** Selector search runs with no text or at least this many characters (spec 01 §5). */
const SEARCH_MIN = 3;

/**
 * /conversations/create?from=… (ConversationCreate, spec 01 §2.10): pick members of the
 * department (searchable as entity selectors are: with no text or at least 3 characters, after
 * 300 ms) and optionally name the conversation. Opens it once started; a failure shows the
 * server's message (spec 01 §8).
 */
export function ConversationCreate() {
  const [params] = useSearchParams();
  const back = safeReturnPath(params.get('from')) ?? '/conversations';
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), DEBOUNCE_MS.selectorDropdown);
  const searchable = debounced.length === 0 || debounced.length >= SEARCH_MIN;
  const members = useQuery({
    queryKey: ['conversations', 'members', debounced],
    queryFn: ({ signal }) => fetchMembers(debounced, signal),
    enabled: searchable,
  });
  const [chosen, setChosen] = useState<ConversationPerson[]>([]);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const start = useStartConversation();

  const known = new Map<string, ConversationPerson>();
  for (const person of [...chosen, ...(members.data?.data ?? [])]) known.set(person.id, person);
  const options = [...known.values()].map((p) => ({ value: p.id, label: p.name }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setError('Choose at least one person.');
      return;
    }
    start.mutate(
      { participants: chosen.map((p) => p.id), ...(name.trim() ? { name: name.trim() } : {}) },
      {
        onSuccess: ({ data }) => navigate(`/conversations/${data.id}?from=${encodeURIComponent(back)}`, { replace: true }),
        onError: (failure) => {
          logConversationError('starting a conversation', failure);
          toasts.show({ color: 'red', message: failure.message, autoClose: 10_000 });
        },
      },
    );
  };

  return (
    <Stack component="form" onSubmit={submit} gap="md" maw={560}>
      <Title order={2} fz={24}>
        Start Conversation
      </Title>
      <MultiSelect
        label="Participants"
        description="Members of your department. Type 3 or more letters of a name to search."
        placeholder={chosen.length === 0 ? 'Search members' : undefined}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        data={options}
        value={chosen.map((p) => p.id)}
        onChange={(ids) => {
          setChosen(ids.map((id) => known.get(id)).filter((p): p is ConversationPerson => !!p));
          setError(null);
        }}
        nothingFoundMessage={members.isFetching ? 'Searching…' : searchable ? 'No members found' : 'Type at least 3 letters'}
        error={error}
        withAsterisk
        hidePickedOptions
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label="Name"
        description="Optional, e.g. 'Engine 3 crew'."
        value={name}
        maxLength={CONVERSATION_NAME_MAX}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <Group gap="sm">
        <Button type="submit" loading={start.isPending} mih={44}>
          Start
        </Button>
        <Button component={Link} to={back} variant="default" mih={44}>
          Cancel
        </Button>
      </Group>
      {members.isError && (
        <Text fz="sm" c="red.8" role="alert">
          Members could not be loaded.
        </Text>
      )}
    </Stack>
  );
}
