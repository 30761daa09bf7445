import { Button, Container, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session';

const privacy = (['collect', 'use', 'age', 'rights', 'security', 'contact'] as const).map((id) => ({
  id,
  title: `legal.privacy.sections.${id}.title` as const,
  body: `legal.privacy.sections.${id}.body` as const,
}));
const terms = (
  ['acceptance', 'eligibility', 'accounts', 'service', 'changes', 'liability', 'law'] as const
).map((id) => ({
  id,
  title: `legal.terms.sections.${id}.title` as const,
  body: `legal.terms.sections.${id}.body` as const,
}));
const sections = { privacy, terms };

type Doc = keyof typeof sections;

/** Static legal text, readable signed in and signed out (spec monitoring 2). */
export function LegalDocument({ doc }: { doc: Doc }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession() !== null;
  return (
    <Container size="md" px={0} w="100%">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
        <Stack gap="xs">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t(`legal.${doc}.title`)}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('legal.lastUpdated')}
          </Text>
          <Text mt="sm">{t(`legal.${doc}.intro`)}</Text>
        </Stack>
        <Divider my="lg" />
        <Stack gap="lg">
          {sections[doc].map(({ id, title, body }) => (
            <section key={id} aria-labelledby={`legal-${id}`}>
              <Title order={2} fz="lg" id={`legal-${id}`} mb={6}>
                {t(title)}
              </Title>
              <Text lh={1.65}>{t(body)}</Text>
            </section>
          ))}
        </Stack>
        <Divider my="lg" />
        {signedIn ? (
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => {
              void navigate(-1);
            }}
          >
            {t('common.back')}
          </Button>
        ) : (
          <Button component={Link} to="/admin/signup" leftSection={<IconArrowLeft size={16} />}>
            {t('legal.backToSignup')}
          </Button>
        )}
      </Paper>
    </Container>
  );
}
