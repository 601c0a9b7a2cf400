/**
 * What the viewport shows of the features without importing them: app/
 * fills these slots (app/viewport-slots.tsx), so the viewport stays below
 * the features it places (compare's DOM around the canvas, export readiness,
 * example prompts, picture buttons).
 */
import type { ReactNode } from 'react';
import type { CompareSession } from '../state/slices/compare';
import type { ViewportTarget } from '../state/slices/viewport';
import type { CompareSceneState } from './compare/CompareScene';

/** What the compare view's DOM (laid over the canvas) is handed by the viewport, which owns the canvas and its state. */
export interface CompareOverlayProps {
  session: CompareSession;
  state: CompareSceneState;
  error?: string;
  wipe: number;
  onWipe(v: number): void;
  onImageState(s: CompareSceneState, e?: string): void;
  /** Where the views' frame sits in the viewport (px from its top and from its bottom): the canvas is placed there. */
  onFrameInset(inset: { top: number; bottom: number }): void;
}

/** The model on screen: a job's asset, or a dropped GLB that main staged and checked. */
export type ShownModelSource = { localId: string } | { stagedFileId: string; name: string };

export interface ViewportSlots {
  /** The compare view's DOM around the canvas, while a compare is open. */
  compare?(props: CompareOverlayProps): ReactNode;
  /** Under the empty viewport's note. */
  empty?: ReactNode;
  /** A panel beside a ready model's stats. */
  modelPanel?(source: ShownModelSource): ReactNode;
  /** More buttons in a ready model's toolbar. */
  modelActions?(target: ViewportTarget): ReactNode;
}
