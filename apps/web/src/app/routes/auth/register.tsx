import { AuthLayout } from '@/components/layouts/auth-layout';
import { RegisterForm } from '@/features/auth/components/register-form';

const RegisterRoute = () => (
  <AuthLayout size="wide">
    <RegisterForm />
  </AuthLayout>
);

export default RegisterRoute;
