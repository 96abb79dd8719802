import { AuthLayout } from '@/components/layouts/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

const ForgotPasswordRoute = () => (
  <AuthLayout>
    <ForgotPasswordForm />
  </AuthLayout>
);

export default ForgotPasswordRoute;
