import type { TFilingFolder } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import type { TActor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TLockerService } from './locker.service.ts';
import { spaceOf } from './locker-mapper.ts';
import * as settingsRepo from './locker-settings.repository.ts';

/** Where stamped and signed documents go unless the user or the caller chose a folder. */
export const DEFAULT_FILING_FOLDER = 'e-Meterai';

/** Per-user locker settings: the folder of the private locker for stamped and signed documents. */
export const createLockerSettings = (deps: { db: TDb; service: TLockerService }) => {
  const { db } = deps;

  /** The chosen folder while it is live; deleted, trashed or never chosen: undefined. */
  const chosenFolder = (auth: TActor) => settingsRepo.filingFolder(db, auth.userId);

  const filingFolder = async (auth: TActor): Promise<TFilingFolder> => {
    const chosen = await chosenFolder(auth);
    return chosen
      ? { file_manager_id: chosen.id, name: chosen.name }
      : { file_manager_id: null, name: DEFAULT_FILING_FOLDER };
  };

  const setFilingFolder = async (auth: TActor, folderId: number | null) => {
    if (folderId !== null) {
      const folder = await deps.service.itemOf(auth, folderId, 'folder');
      if (spaceOf(folder) !== 'private') {
        throw new AppError(
          'UNPROCESSABLE',
          'Stamped documents are filed in a folder of your private locker',
          { file_manager_id: 'not a folder of your private locker' },
        );
      }
    }
    await settingsRepo.setFilingFolder(db, auth.userId, folderId);
    return filingFolder(auth);
  };

  return { chosenFolder, filingFolder, setFilingFolder };
};

export type TLockerSettings = ReturnType<typeof createLockerSettings>;
