import { Badge, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ComingSoonProps {
  title: string;
  description: string;
  icon: Icon;
}

/** An honest empty state for a page whose capability arrives later in this release. */
export function ComingSoon({ title, description, icon: PageIcon }: ComingSoonProps) {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" px="md">
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'lg', sm: 40 }}
        maw={560}
        w="100%"
        data-testid="coming-soon"
      >
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={72} radius={36} variant="light" aria-hidden>
            <PageIcon size={38} stroke={1.5} />
          </ThemeIcon>
          <Badge variant="light" size="lg" radius="sm">
            {t('comingSoon.badge')}
          </Badge>
          <Title order={1} fz={28}>
            {title}
          </Title>
          <Text c="dimmed" fz="md" maw={440}>
            {description}
          </Text>
          <Text c="dimmed" fz="sm">
            {t('comingSoon.note')}
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
