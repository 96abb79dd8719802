import { AuthLayout } from '@/components/layouts/auth-layout';
import { EmailOtpForm } from '@/features/auth/components/email-otp-form';

const OtpRoute = () => (
  <AuthLayout>
    <EmailOtpForm />
  </AuthLayout>
);

export default OtpRoute;
