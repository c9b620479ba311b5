import { Box, Button, Group, Image, Stack, Text } from '@mantine/core';
import type { FileReference } from '@turnout/shared/fields/types/single-file';
import { type PointerEvent, useRef, useState } from 'react';
import { defineField } from './common/define.tsx';
import { FieldShell } from './common/FieldShell.tsx';
import { contentUrl, useObjectUrl } from './common/files.ts';
import type { FieldDisplayProps, FieldEditorProps } from './types.ts';

/** Spec 02 §9: the signature canvas is 100 px high. */
export const SIGNATURE_HEIGHT = 100;
export const NO_SIGNATURE = 'No signature added yet.';

type Signature = string | FileReference;

/** A saved signature: the PNG data URL until the server stores it as an image, then that file. */
function SignatureImage({ value, title }: { value: Signature; title: string }) {
  const url = typeof value === 'string' ? value : contentUrl(value);
  const { src } = useObjectUrl(url);
  return src ? <Image src={src} alt={`${title} signature`} h={SIGNATURE_HEIGHT} w="auto" fit="contain" /> : null;
}

/** The pad: Sign Below, SIGN HERE on the canvas, Clear and Save Signature. */
function Pad({ onSave, title }: { onSave(dataUrl: string): void; title: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [drawn, setDrawn] = useState(false);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const c = canvas.current!;
    const r = c.getBoundingClientRect();
    return { x: ((e.clientX - r.left) * c.width) / r.width, y: ((e.clientY - r.top) * c.height) / r.height };
  };
  const start = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    drawing.current = true;
    canvas.current!.setPointerCapture?.(e.pointerId);
    const p = point(e);
    ctx.lineWidth = 2;
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#1a1b1e';
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    const p = point(e);
    ctx.lineTo(p.x, p.y);
    ctx.stroke();
    setDrawn(true);
  };
  const end = () => {
    drawing.current = false;
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    setDrawn(false);
  };

  return (
    <Stack gap={6}>
      <Text fz="sm">Sign Below</Text>
      <Box pos="relative" style={{ border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 4, touchAction: 'none' }}>
        {!drawn && (
          <Text
            pos="absolute"
            top="50%"
            left="50%"
            c="gray.6"
            fw={700}
            style={{ transform: 'translate(-50%, -50%)', pointerEvents: 'none', letterSpacing: 2 }}
            aria-hidden
          >
            SIGN HERE
          </Text>
        )}
        <canvas
          ref={canvas}
          width={600}
          height={SIGNATURE_HEIGHT}
          style={{ width: '100%', height: SIGNATURE_HEIGHT, display: 'block', cursor: 'crosshair' }}
          aria-label={`${title}: signature pad, draw with the mouse, a pen or a finger`}
          role="img"
          data-testid="signature-canvas"
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerLeave={end}
        />
      </Box>
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={clear}>
          Clear
        </Button>
        <Button size="xs" disabled={!drawn} onClick={() => canvas.current && onSave(canvas.current.toDataURL('image/png'))}>
          Save Signature
        </Button>
      </Group>
    </Stack>
  );
}

/** signature-pad (spec 02 §4 'Signature'): added only while no signature exists. */
function SignatureEditor(props: FieldEditorProps<Signature>) {
  const has = props.value !== null && props.value !== undefined && props.value !== '';
  return (
    <FieldShell {...props}>
      {has ? (
        <SignatureImage value={props.value!} title={props.field.title} />
      ) : props.editable ? (
        <Pad onSave={(dataUrl) => props.onChange(dataUrl)} title={props.field.title} />
      ) : (
        <Text fz="sm" c="gray.7">
          {NO_SIGNATURE}
        </Text>
      )}
    </FieldShell>
  );
}

const SignatureDisplay = ({ value, field }: FieldDisplayProps<Signature>) =>
  value ? (
    <SignatureImage value={value} title={field.title} />
  ) : (
    <Text fz="sm" c="gray.7">
      {NO_SIGNATURE}
    </Text>
  );

export const signaturePad = defineField<Signature>('signature-pad', SignatureEditor, SignatureDisplay);
