/**
 * The features the viewport places, handed to it from here so that
 * viewport/ imports none of them (the layers in docs/layers.md): compare's
 * DOM around the canvas, the export readiness panel beside a model's stats,
 * the example prompts in the empty viewport, the picture buttons in the
 * model's toolbar.
 */
import { CompareView } from '../features/compare/CompareView';
import { ReadinessPanel } from '../features/export/ReadinessPanel';
import { ExamplePrompts } from '../features/generate/ExamplePrompts';
import { PictureButtons } from '../features/pictures/PicturesDialog';
import type { ViewportSlots } from '../viewport/slots';

export const VIEWPORT_SLOTS: ViewportSlots = {
  compare: (props) => <CompareView {...props} />,
  empty: <ExamplePrompts />,
  modelPanel: (source) => <ReadinessPanel source={source} />,
  modelActions: (target) => <PictureButtons target={target} />,
};
