import { JsonInput } from '@mantine/core';
import { useState } from 'react';

interface JsonParamInputProps {
  label: string;
  description?: string;
  value: unknown;
  onChange: (value: unknown) => void;
  disabled?: boolean;
}

/** A JSON value typed as text: applied once it parses; empty is no value. */
export function JsonParamInput({ label, description, value, onChange, disabled }: JsonParamInputProps) {
  const [text, setText] = useState(() => (value === undefined || value === null ? '' : JSON.stringify(value, null, 2)));
  const [error, setError] = useState<string | null>(null);
  return (
    <JsonInput
      label={label}
      description={description}
      value={text}
      disabled={disabled}
      autosize
      minRows={2}
      maxRows={10}
      formatOnBlur
      error={error}
      onChange={(next) => {
        setText(next);
        if (next.trim() === '') {
          setError(null);
          onChange(undefined);
          return;
        }
        try {
          onChange(JSON.parse(next));
          setError(null);
        } catch {
          setError('Not valid JSON yet: the last valid value is kept.');
        }
      }}
    />
  );
}
