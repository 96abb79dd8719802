export { lockerRoutes } from './locker.routes.ts';
export { createLockerService } from './locker.service.ts';
export { createLockerFiles } from './locker-files.ts';
export type { TFileIntoLocker } from './locker-filing.ts';
export { createLockerFiling } from './locker-filing.ts';
export { createLockerSettings } from './locker-settings.ts';
export { registerLockerTrashPurge } from './locker-trash-job.ts';
