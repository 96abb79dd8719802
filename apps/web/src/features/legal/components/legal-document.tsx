import { SUPPORT_CONTACT } from '@bubuh/contracts';
import { Anchor, Box, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './legal-document.module.css';

export type TLegalDocumentKey = 'privacy' | 'terms' | 'returnPolicy';

/** Section keys per document, in reading order (texts live in the locale files). */
export const LEGAL_SECTIONS: Record<TLegalDocumentKey, readonly string[]> = {
  privacy: ['collect', 'use', 'share', 'retention', 'security', 'rights'],
  terms: [
    'accounts',
    'service',
    'documents',
    'quota',
    'availability',
    'liability',
    'law',
    'changes',
  ],
  returnPolicy: ['failed', 'success', 'departments', 'refund', 'request'],
};

/** Date the current wording took effect. */
export const LEGAL_UPDATED = new Date(2026, 10, 21);

type TLegalDocumentProps = {
  doc: TLegalDocumentKey;
  /** Translated page title. */
  title: string;
};

export const LegalDocument = ({ doc, title }: TLegalDocumentProps) => {
  const { t, i18n } = useTranslation();
  const sections = LEGAL_SECTIONS[doc];
  const updated = new Intl.DateTimeFormat(i18n.resolvedLanguage === 'id' ? 'id-ID' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(LEGAL_UPDATED);

  return (
    <>
      <Box className={classes.banner} py={{ base: 40, md: 64 }}>
        <Container size={1100}>
          <Title order={1} c="white" fz={{ base: 30, md: 42 }} data-testid="legal-title">
            {title}
          </Title>
          <Text c="rgba(255,255,255,0.75)" mt="sm">
            {t('legal.lastUpdated', { date: updated })}
          </Text>
        </Container>
      </Box>
      <Container size={1100} py={{ base: 40, md: 64 }}>
        <Grid gap={48}>
          <Grid.Col span={{ base: 12, md: 4 }} visibleFrom="md">
            <Paper withBorder p="lg" className={classes.toc}>
              <Text fw={700} fz="sm" tt="uppercase" c="dimmed" mb="sm">
                {t('legal.contents')}
              </Text>
              <Stack gap={8} component="nav" aria-label={t('legal.contents')}>
                {sections.map((key) => (
                  <Anchor key={key} href={`#${key}`} fz="sm" c="dimmed" className={classes.tocLink}>
                    {t(`legal.${doc}.sections.${key}.title`)}
                  </Anchor>
                ))}
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap={36} component="article">
              <Text fz="lg" lh={1.7}>
                {t(`legal.${doc}.intro`)}
              </Text>
              {sections.map((key, index) => (
                <Box component="section" key={key} id={key} className={classes.section}>
                  <Title order={2} fz={22} mb="sm">
                    {index + 1}. {t(`legal.${doc}.sections.${key}.title`)}
                  </Title>
                  {t(`legal.${doc}.sections.${key}.body`)
                    .split('\n\n')
                    .map((paragraph) => (
                      <Text key={paragraph.slice(0, 40)} c="dimmed" lh={1.75} mb="sm">
                        {paragraph}
                      </Text>
                    ))}
                </Box>
              ))}
              <Paper withBorder p="lg" bg="var(--mantine-primary-color-light)">
                <Text fz="sm">
                  {t('legal.questions', {
                    email: SUPPORT_CONTACT.email,
                    phone: SUPPORT_CONTACT.phone,
                  })}
                </Text>
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
};
