/**
 * Under plain Node, `require('electron')` tries to download the binary and
 * throws. Unit tests of the Electron glue get this mock instead; services
 * never import electron at all.
 */
import { vi } from 'vitest';

vi.mock('electron', async () => (await import('./electron-mock')).electronMock);
