/**
 * Push events over one WebSocket (`/api/events`). A page says which events it
 * listens to (`{"type":"subscribe","events":[...]}`, sent again after every
 * reconnect) and gets `{"event": name, "payload": ...}` messages for those
 * only. The upgrade is checked by the same guard as every HTTP request before
 * the socket is accepted.
 */
import type { Duplex } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { EVENT_NAMES, type EventName } from '../../../shared/ipc';
import type { EventHub } from '../../services/event-hub';

/** Large enough for a subscribe message naming every event; pages send nothing else. */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

export interface EventSocketServer {
  /** Accepts an upgrade the guard has already let through. */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** How many pages are attached (tests, logs). */
  clients(): number;
  close(): Promise<void>;
}

export function createEventSocketServer(events: EventHub): EventSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE_BYTES });
  const wanted = new Map<WebSocket, Set<EventName>>();

  wss.on('connection', (ws) => {
    wanted.set(ws, new Set());
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      let message: unknown;
      try {
        message = JSON.parse(String(data));
      } catch {
        return;
      }
      const m = message as { type?: unknown; events?: unknown };
      if (m.type !== 'subscribe' || !Array.isArray(m.events)) return;
      wanted.set(ws, new Set(m.events.filter((e): e is EventName => EVENT_NAMES.includes(e as EventName))));
    });
    ws.on('close', () => wanted.delete(ws));
    ws.on('error', () => ws.terminate());
  });

  const detach = events.subscribe((name, payload) => {
    let text: string | undefined;
    for (const [ws, names] of wanted) {
      if (!names.has(name) || ws.readyState !== ws.OPEN) continue;
      text ??= JSON.stringify({ event: name, payload });
      ws.send(text);
    }
  });

  return {
    accept(req, socket, head) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    clients: () => wanted.size,
    close: () =>
      new Promise<void>((resolve) => {
        detach();
        for (const ws of wss.clients) ws.close(1001, 'shutting down');
        wss.close(() => resolve());
      }),
  };
}
