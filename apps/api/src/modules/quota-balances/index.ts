// The quota pages: balances of a company, its departments and users, transfers, returns,
// history and the monthly chart, on top of the ledger (`quota`).
export { quotaRoutes } from './quota-balances.routes.ts';
export { createQuotaService } from './quota-balances.service.ts';
