import { TemplateStamp } from '@/features/templates/components/template-stamp';

/** /stamp/single/template: stamp an uploaded PDF at a template's placement. */
const StampSingleTemplateRoute = () => <TemplateStamp />;

export default StampSingleTemplateRoute;
