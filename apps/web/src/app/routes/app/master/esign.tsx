import { SpecimenList } from '@/features/esign/components/specimen-list';
import { useSession } from '@/lib/session';

/** /master/esign: the signed-in user's signature specimens. */
const MasterEsignRoute = () => {
  const session = useSession();
  if (!session) return null;
  return <SpecimenList userId={session.userData.id} />;
};

export default MasterEsignRoute;
