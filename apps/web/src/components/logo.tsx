import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconSnowflake } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface LogoProps {
  size?: 'sm' | 'lg';
  withTagline?: boolean;
}

/** The Vigil mark and word mark. */
export function Logo({ size = 'sm', withTagline = false }: LogoProps) {
  const { t } = useTranslation();
  const large = size === 'lg';
  return (
    <Group gap={large ? 'sm' : 'xs'} wrap="nowrap" aria-label={t('app.name')} role="img">
      <ThemeIcon size={large ? 48 : 34} radius="md" variant="filled" aria-hidden>
        <IconSnowflake size={large ? 30 : 22} stroke={2} />
      </ThemeIcon>
      <div>
        <Text fw={750} fz={large ? 28 : 20} lh={1.1} aria-hidden>
          {t('app.name')}
        </Text>
        {withTagline && (
          <Text c="dimmed" fz="sm" lh={1.2} aria-hidden>
            {t('app.tagline')}
          </Text>
        )}
      </div>
    </Group>
  );
}
