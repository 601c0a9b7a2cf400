/**
 * Service limits, as the spec's "Limits" table states them.
 *
 * Everything that enforces a limit (forms, the upstream client's pre-send
 * validation, the sandbox's 422s) reads it from here.
 */

/** One megabyte as the service counts it for file limits. The spec writes "20MB"; we read MB as MiB (1024 × 1024). */
export const MB = 1024 * 1024;

export const LIMITS = {
  /** text-to-3d, text-to-image, text-to-solidbox, text-to-worldbox. */
  promptMaxChars: 4096,
  /** text-to-3d, image-to-3d, text-to-solidbox. 0 lets the pipeline pick. */
  targetFaceCountMax: 500_000,
  targetFaceCountMin: 0,
  /** image-to-3d, multi-image-to-3d (every view), image-upload, sketch-to-image. */
  imageMaxBytes: 20 * MB,
  /** animate/video. */
  videoMaxBytes: 150 * MB,
  /** upload-3d. */
  modelMaxBytes: 500 * MB,
  /** pending + running jobs per API key (x-client-id). */
  concurrentJobsPerKey: 5,
} as const;

/** Credits: 75 per USD; a first purchase of USD 12 adds 900. */
export const CREDITS = {
  perUsd: 75,
  firstPurchaseUsd: 12,
  firstPurchaseCredits: 900,
  imageUploadCost: 0,
} as const;
