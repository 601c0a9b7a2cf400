/** The sandbox service. Placeholder signature until the sandbox issue fills it in. */
export interface SandboxKey {
  clientId: string;
  clientSecret: string;
  earlyAccess: boolean;
}

export interface RunningSandbox {
  baseUrl: string;
  storageUrl: string;
  keys: SandboxKey[];
  setEarlyAccess(clientId: string, enabled: boolean): void;
  close(): Promise<void>;
}

export interface SandboxOptions {
  port?: number;
  host?: string;
  dataDir?: string;
}

export async function startSandbox(_options: SandboxOptions = {}): Promise<RunningSandbox> {
  throw new Error('The sandbox is not built yet.');
}
