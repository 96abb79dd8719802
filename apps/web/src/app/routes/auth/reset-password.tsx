import { useParams } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

const ResetPasswordRoute = () => {
  const { id = '' } = useParams();
  return (
    <AuthLayout>
      <ResetPasswordForm key={id} token={id} />
    </AuthLayout>
  );
};

export default ResetPasswordRoute;
