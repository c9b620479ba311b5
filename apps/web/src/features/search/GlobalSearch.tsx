import { ActionIcon, Alert, Badge, Group, Loader, Modal, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { DEBOUNCE_MS } from '@turnout/shared';
import { type KeyboardEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useScreenQuery } from '../../app/media-query.ts';
import { tryResolveLink } from '../home/links.ts';
import { type SearchHit, searchable, useGlobalSearch } from './search-api.ts';

function hitPath(hit: SearchHit): string {
  return hit.uri ?? `/entity/${hit.type.name}/${hit.id}`;
}

interface ResultsProps {
  term: string;
  listId: string;
  active: number;
  onOpen: (hit: SearchHit) => void;
  onHover: (index: number) => void;
  results: ReturnType<typeof useGlobalSearch>;
}

function Results({ term, listId, active, onOpen, onHover, results }: ResultsProps) {
  if (!searchable(term)) {
    return (
      <Text fz="sm" c="dimmed">
        Type at least 3 characters to search.
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="search-results">
      <Text fw={600} fz="sm" role="status">
        Showing search results for {term.trim()}
      </Text>
      {results.isPending ? (
        <Group justify="center" py="md">
          <Loader role="status" size="sm" aria-label="Searching" />
        </Group>
      ) : results.isError ? (
        <Alert color="red" role="alert">
          {results.error instanceof Error ? results.error.message : 'The search failed.'}
        </Alert>
      ) : results.data.data.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No results found
        </Text>
      ) : (
        <Stack component="ul" role="listbox" id={listId} aria-label="Search results" gap={2} p={0} m={0}>
          {results.data.data.map((hit, index) => (
            <UnstyledButton
              key={hit.id}
              component="li"
              role="option"
              id={`${listId}-${index}`}
              aria-selected={index === active}
              onClick={() => onOpen(hit)}
              onMouseEnter={() => onHover(index)}
              px="sm"
              py={8}
              bg={index === active ? 'gray.1' : undefined}
              style={{ borderRadius: 'var(--mantine-radius-sm)', listStyle: 'none', cursor: 'pointer' }}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text fz="sm" fw={500} truncate>
                  {hit.display_name || '(untitled)'}
                </Text>
                <Badge variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
                  {hit.type.label}
                </Badge>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The top bar's global search (spec 01 §2.4, §5): the icon opens a box; with more than 2
 * characters, 200 ms after the last key, the results panel shows 'Showing search results for
 * {term}'; shorter terms clear it. Arrows move through the results, Enter opens one, Esc closes.
 */
export function GlobalSearch() {
  const [opened, box] = useDisclosure(false);
  const [term, setTerm] = useState('');
  const [settled] = useDebouncedValue(term, DEBOUNCE_MS.globalSearch);
  // A term too short clears the results at once; a longer one searches once typing pauses.
  const debounced = searchable(term) ? settled : '';
  const [active, setActive] = useState(-1);
  const results = useGlobalSearch(debounced);
  const navigate = useNavigate();
  const listId = useId();
  const phone = useScreenQuery('(max-width: 47.99em)');
  const hits = searchable(debounced) && results.data ? results.data.data : [];

  const close = () => {
    box.close();
    setTerm('');
  };
  const open = (hit: SearchHit) => {
    const link = tryResolveLink(hitPath(hit));
    if (!link) return;
    close();
    if (link.external) window.open(link.href, '_blank', 'noopener,noreferrer');
    else navigate(link.to);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && hits.length) {
      event.preventDefault();
      setActive((i) => (i + 1) % hits.length);
    } else if (event.key === 'ArrowUp' && hits.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? hits.length - 1 : i - 1));
    } else if (event.key === 'Enter' && hits.length) {
      event.preventDefault();
      open(hits[Math.max(active, 0)]!);
    }
  };

  return (
    <>
      <Tooltip label="Search">
        <ActionIcon variant="subtle" color="white" size="lg" onClick={box.open} aria-label="Search">
          <IconSearch size={22} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={close} title="Search" fullScreen={phone} size="lg" yOffset="8vh">
        <Stack gap="md">
          <TextInput
            data-autofocus
            placeholder="Search records"
            aria-label="Search records"
            leftSection={<IconSearch size={16} />}
            value={term}
            onChange={(event) => {
              setTerm(event.currentTarget.value);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            role="combobox"
            aria-expanded={hits.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          />
          <Results term={debounced} listId={listId} active={active} onOpen={open} onHover={setActive} results={results} />
        </Stack>
      </Modal>
    </>
  );
}
