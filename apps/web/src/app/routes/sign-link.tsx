import { useParams } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { SignLinkPage } from '@/features/sign-link/components/sign-link-page';

/** /sign/:token: an outside signer's own link (public: the code is the key). */
const SignLinkRoute = () => {
  const { token = '' } = useParams();
  return (
    <PublicLayout>
      <SignLinkPage token={token} />
    </PublicLayout>
  );
};

export default SignLinkRoute;
