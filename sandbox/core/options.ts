/** Options of the sandbox, their defaults and the sandbox's rate card. */
import { CREDITS, type GenerationKind } from '../../shared/api';
import type { ChaosConfig } from './chaos';
import type { SecretSealer } from './state-store';

/** Credits per call by endpoint, plus the surcharges the catalogue marks (quads, high face counts). */
export interface RateCard {
  perKind: Record<GenerationKind, number>;
  /** Added when `topology` is `quads`. */
  quads: number;
  /** Added when `targetFaceCount` is above HIGH_FACE_COUNT_THRESHOLD. */
  highFaceCount: number;
}

/** The sandbox's prices. The spec publishes none; these only need to be plausible and make 402 reachable. */
export const DEFAULT_RATE_CARD: RateCard = {
  perKind: {
    'text-to-3d': 20,
    'image-to-3d': 20,
    'multi-image-to-3d': 30,
    'image-upload': CREDITS.imageUploadCost,
    retexture: 10,
    'split-to-parts': 10,
    'upload-3d': 5,
    'text-to-solidbox': 20,
    'create-solid-box': 15,
    'auto-rig': 10,
    animate: 15,
    'animate-video': 20,
    retarget: 5,
    'motion-only': 10,
    'merge-motion': 5,
    'text-to-image': 5,
    spritesheet: 10,
    'sketch-to-image': 5,
    'image-edit': 5,
    'text-to-worldbox': 10,
    'skybox-from-image': 10,
    'skybox-edit': 5,
  },
  quads: 10,
  highFaceCount: 10,
};

export interface ExplicitKey {
  clientId: string;
  clientSecret: string;
  earlyAccess?: boolean;
  credits?: number;
}

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** With a data directory, keys, balances, jobs and assets survive a restart. Without one everything lives in memory. */
  dataDir?: string;
  /** Seed of every random choice (job outcomes, faults). Default 1. */
  seed?: number | string;
  /** Total duration of a job (pending + running), in seconds; fractions allowed. Default 8. */
  jobSeconds?: number;
  /** Each job's duration varies uniformly within ±jobSpread of it (0.3: ±30 %), drawn from the seeded generator. Default 0 (fixed). */
  jobSpread?: number;
  /** Per-endpoint override of jobSeconds. */
  jobSecondsByKind?: Partial<Record<GenerationKind, number>>;
  /** Share of a job's duration spent pending. Default 0.2. */
  pendingShare?: number;
  /** Starting balance of each new key. Default 900 (the spec's first purchase). */
  credits?: number;
  rateCard?: Partial<Omit<RateCard, 'perKind'>> & { perKind?: Partial<Record<GenerationKind, number>> };
  /** How many random keys to create on first start (default 1), or the keys to use. */
  keys?: number | ExplicitKey[];
  /** Give every key early access to the coming-soon endpoints. */
  earlyAccess?: boolean;
  /** Faults to inject: a `--chaos` spec or a config. Off by default. */
  chaos?: string | Partial<ChaosConfig>;
  /** The clock (ms since epoch). Tests inject one. */
  now?: () => number;
  /** Protects key secrets in the data directory's state file (the app passes its keychain cipher). */
  secretSealer?: SecretSealer;
  /** Log lines (never secrets). Default: none. */
  log?: (line: string) => void;
}

export interface ResolvedOptions {
  seed: number | string;
  jobMs: (kind: GenerationKind) => number;
  jobSpread: number;
  pendingShare: number;
  credits: number;
  rateCard: RateCard;
  earlyAccess: boolean;
  now: () => number;
  log: (line: string) => void;
}

export function resolveOptions(options: SandboxOptions): ResolvedOptions {
  const jobSeconds = options.jobSeconds ?? 8;
  if (!(jobSeconds >= 0)) throw new Error('jobSeconds must be zero or more.');
  const byKind = options.jobSecondsByKind ?? {};
  return {
    seed: options.seed ?? 1,
    jobMs: (kind) => Math.round((byKind[kind] ?? jobSeconds) * 1000),
    jobSpread: Math.min(0.9, Math.max(0, options.jobSpread ?? 0)),
    pendingShare: Math.min(1, Math.max(0, options.pendingShare ?? 0.2)),
    credits: options.credits ?? CREDITS.firstPurchaseCredits,
    rateCard: {
      perKind: { ...DEFAULT_RATE_CARD.perKind, ...options.rateCard?.perKind },
      quads: options.rateCard?.quads ?? DEFAULT_RATE_CARD.quads,
      highFaceCount: options.rateCard?.highFaceCount ?? DEFAULT_RATE_CARD.highFaceCount,
    },
    earlyAccess: options.earlyAccess ?? false,
    now: options.now ?? Date.now,
    log: options.log ?? (() => {}),
  };
}
