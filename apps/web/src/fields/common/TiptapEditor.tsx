import { ActionIcon, Box, Group, Tooltip } from '@mantine/core';
import { IconBold, IconH2, IconItalic, IconList, IconListNumbers, IconStrikethrough } from '@tabler/icons-react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

export interface TiptapEditorProps {
  value: string;
  onChange(html: string | null): void;
  /** The field's title, as the editing area's accessible name. */
  label: string;
  labelId: string;
  /** Editing area height: at least 200, at most params.maxHeight (default 400), scrolling beyond. */
  maxHeight: number;
  invalid: boolean;
}

/** Rich text with Tiptap (loaded on demand): bold, italic, strike, heading, lists. */
export default function TiptapEditor({ value, onChange, label, labelId, maxHeight, invalid }: TiptapEditorProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: value,
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': label, 'aria-labelledby': labelId, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? null : e.getHTML()),
  });
  // A value set from outside (a prefill, a reload) replaces the content. Never on an editor
  // already destroyed (a remount replaces it): its schema is gone, and reading its HTML threw
  // "Cannot read properties of null (reading 'cached')" and took the page down.
  useEffect(() => {
    if (editor && !editor.isDestroyed && !editor.isFocused && value !== editor.getHTML())
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      strike: e?.isActive('strike') ?? false,
      heading: e?.isActive('heading', { level: 2 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
    }),
  });
  const button = (name: string, active: boolean, Icon: typeof IconBold, run: () => void) => (
    <Tooltip label={name} key={name}>
      <ActionIcon variant={active ? 'filled' : 'default'} aria-label={name} aria-pressed={active} onClick={run} size="md">
        <Icon size={16} />
      </ActionIcon>
    </Tooltip>
  );
  const chain = () => editor!.chain().focus();
  return (
    <Box style={{ border: `1px solid var(--mantine-color-${invalid ? 'red-6' : 'gray-4'})`, borderRadius: 4 }}>
      <Group gap={4} p={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        {button('Bold', !!state?.bold, IconBold, () => chain().toggleBold().run())}
        {button('Italic', !!state?.italic, IconItalic, () => chain().toggleItalic().run())}
        {button('Strikethrough', !!state?.strike, IconStrikethrough, () => chain().toggleStrike().run())}
        {button('Heading', !!state?.heading, IconH2, () => chain().toggleHeading({ level: 2 }).run())}
        {button('Bulleted list', !!state?.bullet, IconList, () => chain().toggleBulletList().run())}
        {button('Numbered list', !!state?.ordered, IconListNumbers, () => chain().toggleOrderedList().run())}
      </Group>
      <Box px="sm" py={4} mih={Math.min(200, maxHeight)} mah={maxHeight} style={{ overflowY: 'auto' }} className="turnout-rich-text">
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
