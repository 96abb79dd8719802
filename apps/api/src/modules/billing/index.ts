export { createBillingModule } from './billing-module.ts';
