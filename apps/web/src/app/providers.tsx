import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { colorSchemeManager, cssVariablesResolver, theme } from '../lib/theme';

interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off transitions and portals' delays in component tests. */
  env?: 'default' | 'test';
}

export function Providers({ queryClient, children, env = 'default' }: ProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedProviders queryClient={queryClient} env={env}>
        {children}
      </ThemedProviders>
    </I18nextProvider>
  );
}

/** Mantine with the texts its own controls need (every dialog's close button) in the language. */
function ThemedProviders({ queryClient, children, env = 'default' }: ProvidersProps) {
  const { t } = useTranslation();
  const localized = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          Modal: { defaultProps: { closeButtonProps: { 'aria-label': t('app.closeDialog') } } },
          Drawer: { defaultProps: { closeButtonProps: { 'aria-label': t('app.closeDialog') } } },
        },
      }),
    [t],
  );
  return (
    <MantineProvider
      theme={localized}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
      env={env}
    >
      <Notifications position="bottom-right" zIndex={1000} limit={4} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
