/**
 * Timing of pg-boss, chosen so that a job whose process died is retried within a minute:
 * it stays `active` until expireInSeconds (30) have passed; maintenance, every
 * maintenanceIntervalSeconds (15), moves it to `retry` with a start delay of retryDelaySeconds
 * doubled with jitter (first retry: 2 to 4 s); a worker polls every pollingIntervalSeconds (2).
 * Worst case for the first attempt: 30 + 15 + 4 + 2 = 51 s.
 */
export type TJobTiming = {
  expireInSeconds: number;
  maintenanceIntervalSeconds: number;
  retryDelaySeconds: number;
  retryLimit: number;
  pollingIntervalSeconds: number;
};

export const JOB_TIMING: TJobTiming = {
  expireInSeconds: 30,
  maintenanceIntervalSeconds: 15,
  retryDelaySeconds: 2,
  retryLimit: 3,
  pollingIntervalSeconds: 2,
};
