/**
 * Baseline: a bare three.js page. The environment is built once, then each
 * load is GLTFLoader on the same bytes, the camera fitted as the app fits it,
 * one render, and a 1-pixel readPixels to wait for the GPU. The same
 * decoders as the app.
 */
import { Color, PerspectiveCamera, PMREMGenerator, Scene, Vector3, WebGLRenderer, type Object3D } from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';
import { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { KTX2Loader } from 'three/examples/jsm/loaders/KTX2Loader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { disposeObject } from '../../renderer/src/viewport/dispose';
import { fitCamera } from '../../renderer/src/viewport/scene-tools';

const root = document.getElementById('root') as HTMLElement;
const renderer = new WebGLRenderer({ antialias: true });
renderer.setPixelRatio(1);
renderer.setSize(root.clientWidth, root.clientHeight);
root.appendChild(renderer.domElement);
const scene = new Scene();
scene.background = new Color('#22252b');
const camera = new PerspectiveCamera(45, root.clientWidth / root.clientHeight, 0.01, 1000);
const pmrem = new PMREMGenerator(renderer);
scene.environment = pmrem.fromScene(new RoomEnvironment() as unknown as Scene, 0.04).texture;
const loader = new GLTFLoader()
  .setDRACOLoader(new DRACOLoader().setDecoderPath('./decoders/draco/'))
  .setKTX2Loader(new KTX2Loader().setTranscoderPath('./decoders/basis/').detectSupport(renderer))
  .setMeshoptDecoder(MeshoptDecoder);
let current: Object3D | null = null;

declare global {
  interface Window {
    baseline: { load(url: string): Promise<void> };
  }
}

window.baseline = {
  async load(url) {
    const bytes = await (await fetch(url)).arrayBuffer();
    const gltf = await loader.parseAsync(bytes, '');
    if (current) {
      scene.remove(current);
      disposeObject(current);
    }
    current = gltf.scene;
    scene.add(current);
    // Framed exactly as the app frames it, so both draw the same pixels.
    fitCamera(camera, current, new Vector3());
    renderer.render(scene, camera);
    renderer.getContext().readPixels(0, 0, 1, 1, 0x1908, 0x1401, new Uint8Array(4));
  },
};
