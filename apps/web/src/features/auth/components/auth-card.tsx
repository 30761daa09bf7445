import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The card every signed-out page puts in the centred layout. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', xs: 32 }} w="100%">
      <Stack gap={4} mb="lg">
        <Title order={1} fz={24}>
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" fz="sm">
            {subtitle}
          </Text>
        )}
      </Stack>
      {children}
    </Paper>
  );
}
