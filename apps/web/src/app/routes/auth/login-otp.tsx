import { AuthLayout } from '@/components/layouts/auth-layout';
import { LoginOtpForm } from '@/features/auth/components/login-otp-form';

const LoginOtpRoute = () => (
  <AuthLayout>
    <LoginOtpForm />
  </AuthLayout>
);

export default LoginOtpRoute;
