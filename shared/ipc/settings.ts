/** settings channels. Owned by the settings feature; filled in by its issue. */
export const settingsRequests = {};
export const settingsEvents = {};
