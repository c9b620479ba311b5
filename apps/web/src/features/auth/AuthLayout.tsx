import { Box, Center, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { ENVIRONMENT_BAR_COLOR, LAYOUT, PRODUCT_NAME } from '@turnout/shared';
import type { ReactNode } from 'react';
import { environmentStore, useEnvironment } from '../../app/environment.ts';
import { AppFooter } from '../../app/first-paint.tsx';
import { useLogoTaps } from '../../app/logo-taps.ts';
import { EnvironmentLabel } from '../../app/shell/EnvironmentLabel.tsx';
import { TurnoutLogo } from '../../app/shell/TurnoutLogo.tsx';

/**
 * The frame of the sign-in area: a header coloured by environment, a centred card with the
 * logo (five taps within 5 s cycle the environment, spec 01 §2.2) and the footer.
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const environment = useEnvironment();
  const onLogoTap = useLogoTaps(environmentStore.cycle);
  return (
    <Box mih="100dvh" display="flex" bg="gray.0" style={{ flexDirection: 'column' }}>
      <Group
        component="header"
        h={LAYOUT.topBarHeight}
        px="md"
        gap="sm"
        bg={ENVIRONMENT_BAR_COLOR[environment]}
        data-testid="top-bar"
        data-environment={environment}
        style={{ flexShrink: 0 }}
      >
        <Text fw={700} fz="xl" c="white">
          {PRODUCT_NAME}
        </Text>
        <EnvironmentLabel environment={environment} />
      </Group>
      <Center component="main" flex={1} px="md" py="xl">
        <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 36 }} w="100%" maw={420}>
          <Stack align="center" gap="sm" mb="lg">
            <UnstyledButton onClick={onLogoTap} aria-label={`${PRODUCT_NAME} logo`} style={{ borderRadius: 16 }}>
              <TurnoutLogo size={72} />
            </UnstyledButton>
            <Title order={1} fz={26} fw={700} ta="center">
              {title}
            </Title>
          </Stack>
          {children}
        </Paper>
      </Center>
      <AppFooter />
    </Box>
  );
}
