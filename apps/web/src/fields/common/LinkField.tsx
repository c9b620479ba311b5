import { Anchor, Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { FieldEditorProps } from '../types.ts';
import { LinkUnavailable, resolveLink } from './links.ts';

function useOpen() {
  const navigate = useNavigate();
  return (href: string) => {
    if (/^https?:/i.test(href) || href.startsWith('/pdfjs/')) window.open(href, '_blank', 'noopener');
    else navigate(href);
  };
}

/** A link on its own line is a control: a finger's height (44 px) on every screen (issue 20). */
const TAP_TARGET = { display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 44 } as const;

/** field-link-to (a link) and field-button (a button): both follow every link target of spec 02 §2. */
export function LinkField({ as, ...props }: FieldEditorProps<never> & { as: 'link' | 'button' }) {
  const resolved = resolveLink(props.field, props.record);
  const open = useOpen();
  const [busy, setBusy] = useState(false);
  const p = props.field.params ?? {};
  const label = props.field.title;
  const showLabel = p.show_button_label !== false;
  const variant = p.button_style === 'outline' ? 'outline' : 'filled';

  const follow = async () => {
    if (resolved.kind === 'href') return open(resolved.href);
    if (resolved.kind !== 'deferred') return;
    setBusy(true);
    try {
      open(await resolved.resolve());
    } catch (error) {
      const title = error instanceof LinkUnavailable ? error.title : undefined;
      notifications.show({ color: 'red', title, message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  if (resolved.kind === 'unavailable') {
    return as === 'button' ? (
      <Button variant={variant} disabled title={resolved.reason}>
        {label}
      </Button>
    ) : (
      <Text fz="sm" c="gray.7" title={resolved.reason}>
        {label}
      </Text>
    );
  }
  if (as === 'button') {
    return (
      <Button
        variant={variant}
        onClick={follow}
        loading={busy}
        aria-label={showLabel ? undefined : label}
        rightSection={resolved.kind === 'href' && resolved.external ? <IconExternalLink size={14} /> : undefined}
      >
        {showLabel ? label : <IconExternalLink size={16} aria-hidden />}
      </Button>
    );
  }
  if (resolved.kind === 'href' && !resolved.external && !resolved.href.startsWith('/pdfjs/')) {
    return (
      <Anchor component={Link} to={resolved.href} fz="sm" style={TAP_TARGET}>
        {label}
      </Anchor>
    );
  }
  if (resolved.kind === 'href') {
    return (
      <Anchor href={resolved.href} target="_blank" rel="noopener noreferrer" fz="sm" style={TAP_TARGET}>
        {label} <IconExternalLink size={12} aria-hidden />
      </Anchor>
    );
  }
  return (
    <Anchor component="button" type="button" onClick={follow} fz="sm" disabled={busy} style={TAP_TARGET}>
      {label}
    </Anchor>
  );
}
