/**
 * How many backups are kept, locally and in the bucket (issue 16; decision 0247: erased clients
 * leave every backup within 5 weeks, which the privacy page and every client export state).
 */
export const DAILY_KEEP = 7;
export const WEEKLY_KEEP = 4;
