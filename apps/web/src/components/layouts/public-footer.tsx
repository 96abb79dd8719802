import { ROUTES, SUPPORT_CONTACT } from '@bubuh/contracts';
import {
  Anchor,
  Box,
  Button,
  Container,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from '@/components/logo';

export const WHATSAPP_URL = `https://wa.me/${SUPPORT_CONTACT.whatsapp}`;
const telHref = `tel:${SUPPORT_CONTACT.phone.replace(/[^+\d]/g, '')}`;

const FooterHeading = ({ children }: { children: ReactNode }) => (
  <Text fw={700} fz="sm" tt="uppercase" c="white" style={{ letterSpacing: '0.06em' }}>
    {children}
  </Text>
);

const FooterLink = ({
  to,
  children,
  testId,
}: {
  to: string;
  children: ReactNode;
  testId?: string;
}) => (
  <Anchor component={Link} to={to} c="rgba(255,255,255,0.72)" fz="sm" data-testid={testId}>
    {children}
  </Anchor>
);

const ContactLine = ({ icon, children }: { icon: ReactNode; children: ReactNode }) => (
  <Group gap={10} wrap="nowrap" align="flex-start">
    <Box c="rgba(255,255,255,0.6)" mt={2} style={{ flexShrink: 0 }}>
      {icon}
    </Box>
    <Text fz="sm" c="rgba(255,255,255,0.72)" component="div">
      {children}
    </Text>
  </Group>
);

/** Spec §1: links to terms, privacy and the quota-return policy, address, phone and a chat button. */
export const PublicFooter = () => {
  const { t } = useTranslation();
  return (
    <Box component="footer" bg="brand.9" pt={56} pb={28} data-testid="public-footer">
      <Container size={1200}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing={40}>
          <Stack gap="md">
            <Logo variant="light" size={32} />
            <Text fz="sm" c="rgba(255,255,255,0.72)" maw={300}>
              {t('footer.about')}
            </Text>
            <Button
              component="a"
              href={WHATSAPP_URL}
              target="_blank"
              rel="noopener noreferrer"
              // WhatsApp green dark enough for white text (5.3:1, WCAG AA).
              color="#1b7a36"
              leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
              aria-label={t('footer.chatLabel')}
              data-testid="chat-contact"
              w="fit-content"
            >
              {t('footer.chat')}
            </Button>
          </Stack>
          <Stack gap="sm">
            <FooterHeading>{t('footer.product')}</FooterHeading>
            <FooterLink to={ROUTES.verifyStamp.path}>{t('footer.verify')}</FooterLink>
            <FooterLink to={ROUTES.login.path}>{t('footer.login')}</FooterLink>
            <FooterLink to={ROUTES.register.path}>{t('footer.register')}</FooterLink>
          </Stack>
          <Stack gap="sm">
            <FooterHeading>{t('footer.legal')}</FooterHeading>
            <FooterLink to={ROUTES.terms.path} testId="footer-terms">
              {t('footer.terms')}
            </FooterLink>
            <FooterLink to={ROUTES.privacy.path} testId="footer-privacy">
              {t('footer.privacy')}
            </FooterLink>
            <FooterLink to={ROUTES.returnPolicy.path} testId="footer-return-policy">
              {t('footer.returnPolicy')}
            </FooterLink>
          </Stack>
          <Stack gap="sm">
            <FooterHeading>{t('footer.contact')}</FooterHeading>
            <ContactLine icon={<IconMapPin size={16} />}>
              <address style={{ fontStyle: 'normal' }} data-testid="contact-address">
                {SUPPORT_CONTACT.address}
              </address>
            </ContactLine>
            <ContactLine icon={<IconPhone size={16} />}>
              <Anchor href={telHref} c="inherit" fz="sm" data-testid="contact-phone">
                {SUPPORT_CONTACT.phone}
              </Anchor>
            </ContactLine>
            <ContactLine icon={<IconMail size={16} />}>
              <Anchor href={`mailto:${SUPPORT_CONTACT.email}`} c="inherit" fz="sm">
                {SUPPORT_CONTACT.email}
              </Anchor>
            </ContactLine>
          </Stack>
        </SimpleGrid>
        <Divider my="xl" color="rgba(255,255,255,0.12)" />
        <Text fz="xs" c="rgba(255,255,255,0.55)">
          {t('footer.rights', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </Box>
  );
};
