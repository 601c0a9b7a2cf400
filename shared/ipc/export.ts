/** export channels. Owned by the export feature; filled in by its issue. */
export const exportRequests = {};
export const exportEvents = {};
