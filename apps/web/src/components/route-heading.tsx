import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteHandle } from '@/lib/route-handle';

/**
 * The page's title as its h1 for screen readers and tests, on blank-layout pages whose visible
 * content (a printable sheet, a gateway page) carries its own headings.
 */
export const RouteHeading = () => {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  if (!handle) return null;
  return (
    <VisuallyHidden>
      <h1>{t(handle.titleKey)}</h1>
    </VisuallyHidden>
  );
};
