import { Anchor, Box, Center, Group, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageMenu } from '../../components/language-menu';
import { Logo } from '../../components/logo';
import { PageLoader } from '../../components/page-loader';
import { SkipLink } from '../../components/skip-link';
import { ThemeToggle } from '../../components/theme-toggle';
import { RouteFade } from '../route-fade';
import { useChangeLanguage } from '../use-change-language';
import classes from './public-layout.module.css';

/** Sign-in style pages: centred, with the logo above and a footer with year and company. */
export function PublicLayout({ width }: { width: number }) {
  const { t } = useTranslation();
  const changeLanguage = useChangeLanguage();
  return (
    <Box className={classes.page}>
      <SkipLink />
      <Group justify="flex-end" gap="xs" p="md" className={classes.tools}>
        <LanguageMenu onChange={changeLanguage} />
        <ThemeToggle />
      </Group>
      <Center component="main" id="main" className={classes.main} px="md">
        <Stack align="center" gap="xl" w="100%" maw={width} py="xl">
          <Anchor component={Link} to="/login" underline="never" c="inherit">
            <Logo size="lg" withTagline />
          </Anchor>
          <Suspense fallback={<PageLoader />}>
            <RouteFade>
              <Outlet />
            </RouteFade>
          </Suspense>
        </Stack>
      </Center>
      <Box component="footer" className={classes.footer} py="md" px="md">
        <Group justify="center" gap="lg" wrap="wrap">
          <Text fz="sm" c="dimmed">
            {t('app.footer', { year: new Date().getFullYear() })}
          </Text>
          <Anchor component={Link} to="/privacyPolicy" fz="sm" c="dimmed">
            {t('legal.privacy.title')}
          </Anchor>
          <Anchor component={Link} to="/termsAndConditions" fz="sm" c="dimmed">
            {t('legal.terms.title')}
          </Anchor>
        </Group>
      </Box>
    </Box>
  );
}
