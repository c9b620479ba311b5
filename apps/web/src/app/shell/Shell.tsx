import { AppShell, Box, em } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { LAYOUT } from '@turnout/shared';
import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../../features/identity/current-user.tsx';
import { MfaPrompt } from '../../features/mfa/MfaPrompt.tsx';
import { AppFooter } from '../first-paint.tsx';
import { DRAWER_COLLAPSED_KEY } from '../first-paint-html.ts';
import { isFirstScreenPath, useMarkFirstScreenPainted } from '../first-screen.ts';
import { useScreenQuery } from '../media-query.ts';
import { useTenantAccent } from '../tenant-accent.ts';
import { PHONE_TAB_BAR_HEIGHT } from '../theme.ts';
import { BottomTabs } from './BottomTabs.tsx';
import classes from './Shell.module.css';
import { SideDrawer } from './SideDrawer.tsx';
import { TopBar } from './TopBar.tsx';

/**
 * The signed-in app shell (spec 01 §2.3, §2.4): top bar, a permanent side drawer on large
 * screens (collapsible to 52 px) and a slide-in one on small screens, the screen, the footer.
 */
export function Shell({ children }: { children?: ReactNode }) {
  const [mobileOpened, mobile] = useDisclosure(false);
  const [collapsedOnDesktop, setCollapsed] = useLocalStorage({ key: DRAWER_COLLAPSED_KEY, defaultValue: false });
  // The slide-in drawer of small screens always shows its labels.
  const isLargeScreen = useScreenQuery(`(min-width: ${em(768)})`);
  const collapsed = collapsedOnDesktop && isLargeScreen;
  // The department's colour is the accent of every signed-in screen (issue 20).
  useTenantAccent(useCurrentUser().tenant_record?.color);
  // Home, a list and a record say themselves when they have painted; any other screen has now.
  useMarkFirstScreenPainted(!isFirstScreenPath(useLocation().pathname));

  return (
    <AppShell
      header={{ height: LAYOUT.topBarHeight }}
      navbar={{
        width: { base: LAYOUT.sideWidth, sm: collapsed ? LAYOUT.sideCollapsedWidth : LAYOUT.sideWidth },
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened },
      }}
      // The phone's bottom tabs (spec 01 §2.3).
      footer={{ height: PHONE_TAB_BAR_HEIGHT, collapsed: isLargeScreen }}
      padding={0}
    >
      {/* The first stop of the Tab key: past the top bar and the drawer to the screen itself. */}
      <Box component="a" href="#main-content" className={classes.skipLink}>
        Skip to content
      </Box>
      <AppShell.Header withBorder={false}>
        <TopBar drawerOpened={mobileOpened} onToggleDrawer={mobile.toggle} />
      </AppShell.Header>
      {/* Off screen, the slide-in drawer is out of reach of keyboard and screen readers too. */}
      <AppShell.Navbar inert={!isLargeScreen && !mobileOpened}>
        <SideDrawer collapsed={collapsed} onToggleCollapsed={() => setCollapsed((value) => !value)} onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} display="flex" style={{ flexDirection: 'column', outline: 'none' }} bg="gray.0">
        <Box flex={1} p={{ base: 'md', sm: 'xl' }}>
          {children ?? <Outlet />}
        </Box>
        <AppFooter />
      </AppShell.Main>
      <AppShell.Footer hiddenFrom="sm" withBorder={false}>
        <BottomTabs onOpenMenu={mobile.open} />
      </AppShell.Footer>
      <MfaPrompt />
    </AppShell>
  );
}
