import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScrollToTop } from '@/components/scroll-to-top';
import { PublicFooter } from './public-footer';
import { PublicHeader, type TPublicNavLink } from './public-header';

type TPublicLayoutProps = {
  children: ReactNode;
  sections?: TPublicNavLink[];
};

/** Blank layout of the public pages: header, content, and the shared footer. */
export const PublicLayout = ({ children, sections }: TPublicLayoutProps) => (
  <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }} data-layout="blank">
    <PublicHeader sections={sections} />
    <Box component="main" style={{ flex: 1 }}>
      {children}
    </Box>
    <PublicFooter />
    <ScrollToTop />
  </Box>
);
