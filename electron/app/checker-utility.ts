/**
 * The checking processes of the Electron app (../services/guard/check-process.ts):
 * Electron utility processes, Chromium's own way of starting a Node child.
 * `child_process.fork` would start the app's executable as Node, which the
 * RunAsNode fuse turns off.
 */
import { utilityProcess } from 'electron';
import type { CheckerLauncher } from '../services/guard/check-process';
import { NICE_FLAG } from '../services/guard/check-process';

export const utilityChecker: CheckerLauncher = ({ entry, nice, heapMb }) => {
  const child = utilityProcess.fork(entry, [`${NICE_FLAG}${nice}`], { serviceName: 'Asset Studio file checks', execArgv: [`--max-old-space-size=${heapMb}`], stdio: 'inherit' });
  let gone = false;
  let ended = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      ended = true;
      resolve();
    }),
  );
  return {
    send: (message) => child.postMessage(message),
    onMessage: (listener) => void child.on('message', listener),
    onExit: (listener) => {
      child.once('exit', (code) => {
        if (gone) return;
        gone = true;
        listener(`exit code ${code}`);
      });
    },
    // A utility process never keeps the app running: nothing to hold.
    hold: () => {},
    end: () => {
      if (!ended) child.kill();
      return exited;
    },
    get pid() {
      return child.pid;
    },
  };
};
