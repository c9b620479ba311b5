import { Box } from '@mantine/core';
import type { Environment } from '@turnout/shared';
import { environmentLabel } from '../environment.ts';

/**
 * The 'env: dev' / 'env: stage' tag of non-production environments (spec 01 §2.2); nothing on
 * production. An outline only: a tinted fill lightened the staging bar under the text to 3.8:1,
 * on the bar's own colour white reads at 4.7:1 (issue 20).
 */
export function EnvironmentLabel({ environment }: { environment: Environment }) {
  const label = environmentLabel(environment);
  if (!label) return null;
  return (
    <Box
      component="span"
      data-testid="environment-label"
      px={8}
      py={2}
      fz="xs"
      fw={600}
      c="white"
      style={{ border: '1px solid rgba(255,255,255,0.6)', borderRadius: 999, whiteSpace: 'nowrap' }}
    >
      {label}
    </Box>
  );
}
