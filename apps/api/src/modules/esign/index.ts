export { esignRoutes } from './esign.routes.ts';
export { createEsignService } from './esign.service.ts';
export { SPECIMEN_MAX_BYTES, toTransparentSpecimen } from './specimen-image.ts';
