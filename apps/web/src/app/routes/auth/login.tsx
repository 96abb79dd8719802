import { AuthLayout } from '@/components/layouts/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';

const LoginRoute = () => (
  <AuthLayout>
    <LoginForm />
  </AuthLayout>
);

export default LoginRoute;
