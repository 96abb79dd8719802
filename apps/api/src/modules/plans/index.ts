export { activeSubscription, activeSubscriptionOf } from './plans.repository.ts';
export { plansRoutes } from './plans.routes.ts';
export { createPlansService } from './plans.service.ts';
