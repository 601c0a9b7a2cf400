/** The upstream client: the only code that talks to the Asset Generation Service. */
export { UpstreamClient, DEFAULT_TIMEOUTS, filePartSchema, type UpstreamTarget, type CallOptions, type CreateOptions, type CreateResult } from './client';
export { UpstreamError, fieldFromMessage, type Outcome, type UpstreamErrorKind } from './errors';
export { encodeMultipart, isFilePart, type FilePart, type MultipartBody } from './multipart';
export { send, TransportError, type RawRequest, type RawResponse } from './http';
