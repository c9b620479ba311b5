import { Button, Group, NumberInput, Text } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { GEOLOCATION_TIMEOUT_MS } from '@turnout/shared';
import { useState } from 'react';
import { defineField } from './common/define.tsx';
import { FieldShell } from './common/FieldShell.tsx';
import { ReadOnlyField } from './common/TextEditors.tsx';
import type { FieldEditorProps } from './types.ts';

interface GeoValue {
  lat: number;
  lng: number;
  value: string;
  display_value: string;
}

export const LATITUDE_HINT = 'Latitude -90 to 90';
export const LONGITUDE_HINT = 'Longitude -180 to 180';

export function geoValue(lat: number | undefined, lng: number | undefined): GeoValue | null {
  if (lat === undefined || lng === undefined) return null;
  return { lat, lng, value: `${lat} ${lng}`, display_value: `${lat}, ${lng}` };
}

const n = (v: string | number) => (v === '' || Number.isNaN(Number(v)) ? undefined : Number(v));

/**
 * lat-lng: latitude and longitude, the ranges shown as labels only (spec 02 §5), and 'Use my
 * location' (geolocation, 5 s time-out, high accuracy). A map picker plugs in with a configured
 * tile server (docs/decisions/0011-field-editors.md); none is downloaded here.
 */
function LatLngEditor(props: FieldEditorProps<GeoValue>) {
  const [draft, setDraft] = useState<{ lat?: number; lng?: number }>({ lat: props.value?.lat, lng: props.value?.lng });
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!props.editable) return <ReadOnlyField {...(props as FieldEditorProps<unknown>)} />;
  const lat = props.value?.lat ?? draft.lat;
  const lng = props.value?.lng ?? draft.lng;
  const set = (next: { lat?: number; lng?: number }) => {
    setDraft(next);
    props.onChange(geoValue(next.lat, next.lng));
  };
  const locate = () => {
    if (!navigator.geolocation) {
      setProblem('Location is not available on this device.');
      return;
    }
    setLocating(true);
    setProblem(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const round = (x: number) => Math.round(x * 1e6) / 1e6;
        set({ lat: round(position.coords.latitude), lng: round(position.coords.longitude) });
      },
      (error) => {
        setLocating(false);
        setProblem(error.message || 'Could not get your location.');
      },
      { timeout: GEOLOCATION_TIMEOUT_MS, enableHighAccuracy: true },
    );
  };
  return (
    <FieldShell {...props}>
      <Group grow align="end" mt={4}>
        <NumberInput label={LATITUDE_HINT} value={lat ?? ''} decimalScale={8} onChange={(v) => set({ lat: n(v), lng })} hideControls />
        <NumberInput label={LONGITUDE_HINT} value={lng ?? ''} decimalScale={8} onChange={(v) => set({ lat, lng: n(v) })} hideControls />
      </Group>
      <Group mt="xs" gap="xs">
        <Button variant="default" size="xs" leftSection={<IconCurrentLocation size={14} />} loading={locating} onClick={locate}>
          Use my location
        </Button>
        {problem && (
          <Text fz="xs" c="red">
            {problem}
          </Text>
        )}
      </Group>
    </FieldShell>
  );
}

export const latLng = defineField<GeoValue>('lat-lng', LatLngEditor);
