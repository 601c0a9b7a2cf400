/** batch channels. Owned by the batch feature; filled in by its issue. */
export const batchRequests = {};
export const batchEvents = {};
