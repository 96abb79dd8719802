import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/layouts/public-layout';
import { LandingCta } from '@/features/landing/components/landing-cta';
import { LandingFeatures } from '@/features/landing/components/landing-features';
import { LandingHero } from '@/features/landing/components/landing-hero';
import { LandingSteps } from '@/features/landing/components/landing-steps';

const LandingRoute = () => {
  const { t } = useTranslation();
  return (
    <PublicLayout
      sections={[
        { id: 'features', label: t('landing.nav.features') },
        { id: 'how-it-works', label: t('landing.nav.how') },
      ]}
    >
      <LandingHero />
      <LandingFeatures />
      <LandingSteps />
      <LandingCta />
    </PublicLayout>
  );
};

export default LandingRoute;
