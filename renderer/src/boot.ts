/**
 * The first module the renderer evaluates (main.tsx imports it before the
 * app): it installs the host bridge and asks for the job history at once.
 * Evaluating the rest of the app (three.js, React, drei) takes about 100 ms
 * and mounting it longer (its WebGL context alone is 200 ms in software
 * rendering); the host prepares and sends the history meanwhile, which with
 * 10,000 jobs is what the history panel would otherwise wait for.
 */
import { installBridge } from './bridge';
import { detectBridge } from './bridge/detect';
import { useStore } from './state/store';

installBridge(detectBridge(window));
// The connection stays open for the page's life; the history panel shares it.
useStore.getState().connectJobs();
