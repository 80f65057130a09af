/**
 * Live tables on `madang serve --web`, read-only: a page listing the tables like the lobby, and
 * for each table a page whose terminal (xterm.js, in the browser) is sent the table's frames over
 * a WebSocket. A frame is drawn once per table (at its one size, serve/WebView.tsx) for all its
 * web viewers, at most every DRAW_MS; nothing a viewer sends is read. A viewer that does not
 * keep up is let go once BACKLOG bytes wait for it.
 *
 * Why xterm.js and not HTML: the frames are the very text and colours an SSH spectator is
 * sent, so the web shows what a terminal shows (box drawing, wide characters, colours) with no
 * second drawing of any game, and the gate that makes a terminal's frame safe makes this one.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { WebSocketServer, type WebSocket } from 'ws';
import { safeText } from '../engine/safe-text.js';
import type { Lobby } from './hall.js';
import type { ServedTable } from './served-table.js';
import { counter, type Family, gauge } from './metrics.js';
import { webFrame, webSize } from './WebView.js';

/** Web viewers at once, in all and from one address. */
export interface WebLimits {
  readonly viewers: number;
  readonly perAddress: number;
  /** Bytes waiting for a viewer before it is let go. */
  readonly backlog: number;
}

export const WEB_LIMITS: WebLimits = { viewers: 500, perAddress: 20, backlog: 1 << 20 };

/**
 * The address a viewer is counted by: the peer's, or where the peer is this machine (a proxy in
 * front, nginx or Caddy) the address the proxy put last in X-Forwarded-For; a header from any
 * other peer is not believed.
 */
export function viewerAddress(request: IncomingMessage): string {
  const peer = request.socket.remoteAddress ?? '';
  const local = /^(127\.|::1$|::ffff:127\.)/.test(peer);
  const forwarded = request.headers['x-forwarded-for'];
  const last = (Array.isArray(forwarded) ? forwarded.at(-1) : forwarded)?.split(',').at(-1)?.trim();
  return local && last ? last.slice(0, 64) : peer;
}

/** A table's frames at most this often (its changes in between are drawn together). */
const DRAW_MS = 100;

export type WebHall = Pick<Lobby, 'find' | 'subscribe' | 'tables'>;

const html = (text: string) =>
  safeText(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** A page: the same head and style for each. */
function page(title: string, body: string, refresh?: number): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
${refresh ? `<meta http-equiv="refresh" content="${refresh}">` : ''}<title>${html(title)}</title>
<link rel="stylesheet" href="${'{{base}}'}assets/madang.css"></head>
<body>${body}</body></html>
`;
}

const CSS = `body{background:#111;color:#ddd;font:15px/1.4 system-ui,sans-serif;margin:1.5em}
a{color:#7cf}table{border-collapse:collapse}td,th{padding:.2em .8em;text-align:left}
th{color:#999;font-weight:normal}#screen{display:inline-block;padding:6px;background:#000}
#said{color:#999;margin-top:.5em}`;

/** The page's own script: the terminal, and the frames into it (nothing typed goes back). */
const SCRIPT = `'use strict';
const box = document.getElementById('screen');
const said = document.getElementById('said');
const term = new Terminal({ cols: Number(box.dataset.cols), rows: Number(box.dataset.rows),
  disableStdin: true, cursorBlink: false, scrollback: 0, fontSize: 15 });
term.open(box);
const url = new URL(location.pathname.replace(/\\/$/, '') + '/live', location.href);
url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
const socket = new WebSocket(url);
socket.onopen = () => { said.textContent = 'Live.'; };
socket.onmessage = (message) => term.write(message.data);
socket.onclose = (closed) => { said.textContent = closed.reason || 'The connection to the server closed: reload to watch again.'; };
`;

/** What the web needs of xterm.js: its script and style, from its package. */
function xtermFiles(): { js: Buffer; css: Buffer } {
  const require = createRequire(import.meta.url);
  return {
    js: readFileSync(require.resolve('@xterm/xterm/lib/xterm.js')),
    css: readFileSync(require.resolve('@xterm/xterm/css/xterm.css')),
  };
}

/** A table's frames for its web viewers: drawn once per change, sent to each. */
class Live {
  readonly viewers = new Set<WebSocket>();
  frame = '';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private last = 0;
  private stopHall: () => void;
  private stopGame: (() => void) | undefined;
  private stopLines: (() => void) | undefined;
  private game: unknown;

  constructor(
    private readonly hall: WebHall,
    readonly code: string,
    private readonly counts: WebCounts,
    private readonly limits: WebLimits,
  ) {
    this.stopHall = hall.subscribe((changed) => {
      if (!changed || changed.code === code) this.soon();
    });
    this.draw();
  }

  /** The table's game and words heard (each move, each line said), following a new game. */
  private follow(table: ServedTable | undefined): void {
    if (table?.table === this.game) return;
    this.stopGame?.();
    this.stopLines?.();
    this.game = table?.table;
    this.stopGame = table?.table
      ? table.viewFor(undefined).subscribe(() => this.soon())
      : undefined;
    this.stopLines = table ? table.lines(() => this.soon()) : undefined;
  }

  private soon(): void {
    if (this.timer !== undefined) return;
    const wait = Math.max(0, this.last + DRAW_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.draw();
    }, wait);
  }

  private draw(): void {
    this.last = Date.now();
    const table = this.hall.find(this.code);
    this.follow(table);
    const started = performance.now();
    const frame = table
      ? webFrame(table, webSize(table))
      : `\x1b[2J\x1b[HThe table ${this.code} is gone.`;
    this.counts.draws++;
    this.counts.drawSeconds += (performance.now() - started) / 1000;
    if (frame === this.frame) return;
    this.frame = frame;
    for (const viewer of this.viewers) this.send(viewer);
  }

  send(viewer: WebSocket): void {
    // A viewer that does not read is let go before its frames cost the server memory.
    if (viewer.bufferedAmount > this.limits.backlog) {
      this.counts.letGo++;
      viewer.terminate();
      return;
    }
    this.counts.frames++;
    this.counts.bytes += this.frame.length;
    viewer.send(this.frame);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.stopHall();
    this.stopGame?.();
    this.stopLines?.();
  }
}

interface WebCounts {
  draws: number;
  drawSeconds: number;
  frames: number;
  bytes: number;
  letGo: number;
  refused: Record<'full' | 'address' | 'gone', number>;
}

export interface LiveWeb {
  /** The HTTP answer for a path of the live web, or undefined: not one of its paths. */
  answer(
    path: string,
    address: string,
    gzip: boolean,
  ): { status: number; type: string; body: Buffer | string; encoding?: string } | undefined;
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  families(): Family[];
  close(): void;
}

/** The live web's pages and its WebSocket, over the hall. */
export function liveWeb(hall: WebHall, limits: WebLimits = WEB_LIMITS): LiveWeb {
  const lives = new Map<string, Live>();
  const byAddress = new Map<string, number>();
  let viewers = 0;
  const counts: WebCounts = {
    draws: 0,
    drawSeconds: 0,
    frames: 0,
    bytes: 0,
    letGo: 0,
    refused: { full: 0, address: 0, gone: 0 },
  };
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  let files: { js: Buffer; css: Buffer; jsGz: Buffer } | undefined;
  const xterm = () => {
    if (!files) {
      const read = xtermFiles();
      files = { ...read, jsGz: gzipSync(read.js) };
    }
    return files;
  };

  /** Why a viewer from `address` cannot watch now, if it cannot. */
  const full = (address: string): 'full' | 'address' | undefined =>
    viewers >= limits.viewers
      ? 'full'
      : (byAddress.get(address) ?? 0) >= limits.perAddress
        ? 'address'
        : undefined;
  const fullPage = (base: string) =>
    page(
      'madang: the server is full',
      `<h1>The server is full</h1><p>${viewers >= limits.viewers ? `${limits.viewers} viewers watch already` : `${limits.perAddress} viewers watch from your address already`}: try again in a while.</p><p><a href="${base}">The tables</a></p>`,
      30,
    ).replace('{{base}}', base);

  function listPage(): string {
    const rows = [...hall.tables.values()]
      .map((t) => {
        const names = t.seatNames();
        const seats = t.holders
          .map((h, seat) => (h.kind === 'open' ? 'open' : (names[seat] ?? '')))
          .join(', ');
        return `<tr><td><a href="t/${html(t.code)}">${html(t.code)}</a></td><td>${html(t.game.title)}</td><td>${html(seats)}</td><td>${html(t.status)}</td><td>${t.watchers.size + (lives.get(t.code)?.viewers.size ?? 0)}</td></tr>`;
      })
      .join('\n');
    return page(
      'madang: the tables',
      `<h1>madang: the tables</h1>${rows ? `<table><tr><th>table</th><th>game</th><th>seats</th><th></th><th>watching</th></tr>\n${rows}</table>` : '<p>No table now.</p>'}<p>Watch a table here (read-only), or play: <code>ssh -p PORT CODE@HOST</code>.</p>`,
      10,
    ).replace('{{base}}', '');
  }

  function tablePage(table: ServedTable): string {
    const size = webSize(table);
    return page(
      `madang: ${table.game.title} · table ${table.code}`,
      `<p><a href="../">The tables</a> · ${html(table.game.title)} · table ${html(table.code)} · ${html(table.seatNames().join(' v '))}</p>
<div id="screen" data-cols="${size.columns}" data-rows="${size.rows}"></div><div id="said">Connecting…</div>
<link rel="stylesheet" href="../assets/xterm.css"><script src="../assets/xterm.js"></script><script src="../assets/view.js"></script>`,
    ).replace('{{base}}', '../');
  }

  return {
    answer(path, address, gzip) {
      const type = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8' };
      if (path === '/') return { status: 200, type: type.html, body: listPage() };
      if (path === '/assets/madang.css')
        return { status: 200, type: 'text/css; charset=utf-8', body: CSS };
      if (path === '/assets/view.js') return { status: 200, type: type.js, body: SCRIPT };
      if (path === '/assets/xterm.css')
        return { status: 200, type: 'text/css; charset=utf-8', body: xterm().css };
      if (path === '/assets/xterm.js')
        return gzip
          ? { status: 200, type: type.js, body: xterm().jsGz, encoding: 'gzip' }
          : { status: 200, type: type.js, body: xterm().js };
      const code = /^\/t\/([a-z0-9]{1,16})\/?$/.exec(path)?.[1];
      if (code === undefined) return undefined;
      const table = hall.find(code);
      if (!table)
        return {
          status: 404,
          type: type.html,
          body: page(
            'madang: no such table',
            `<p>No table ${html(code)} now.</p><p><a href="../">The tables</a></p>`,
          ).replace('{{base}}', '../'),
        };
      if (full(address)) return { status: 503, type: type.html, body: fullPage('../') };
      return { status: 200, type: type.html, body: tablePage(table) };
    },

    upgrade(request, socket, head) {
      const path = (request.url ?? '').split('?')[0] ?? '';
      const code = /^\/t\/([a-z0-9]{1,16})\/live$/.exec(path)?.[1];
      const address = viewerAddress(request);
      const refuse = (status: number, words: string) => {
        socket.end(
          `HTTP/1.1 ${status} ${words}\r\nContent-Type: text/plain\r\nContent-Length: ${words.length + 1}\r\nConnection: close\r\n\r\n${words}\n`,
        );
      };
      if (code === undefined) return refuse(404, 'Not Found');
      if (!hall.find(code)) {
        counts.refused.gone++;
        return refuse(404, 'Not Found');
      }
      const why = full(address);
      if (why) {
        counts.refused[why]++;
        return refuse(503, 'The server is full');
      }
      viewers++;
      byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
      sockets.handleUpgrade(request, socket, head, (viewer) => {
        let live = lives.get(code);
        if (!live) {
          live = new Live(hall, code, counts, limits);
          lives.set(code, live);
        }
        live.viewers.add(viewer);
        live.send(viewer);
        // What a viewer sends is never read: no key of a web viewer reaches a table.
        viewer.on('error', () => viewer.terminate());
        viewer.once('close', () => {
          viewers--;
          const left = (byAddress.get(address) ?? 1) - 1;
          if (left > 0) byAddress.set(address, left);
          else byAddress.delete(address);
          const here = lives.get(code);
          here?.viewers.delete(viewer);
          if (here && here.viewers.size === 0) {
            here.stop();
            lives.delete(code);
          }
        });
      });
    },

    families() {
      return [
        gauge('madang_web_viewers', 'Web viewers watching tables now.', viewers),
        gauge(
          'madang_web_tables',
          'Tables with web viewers now (each drawn once for all).',
          lives.size,
        ),
        counter(
          'madang_web_draws_total',
          'Web frames drawn (once per table for all its viewers).',
          counts.draws,
        ),
        counter(
          'madang_web_draw_seconds_total',
          "Seconds of the server's thread drawing web frames.",
          counts.drawSeconds,
        ),
        counter('madang_web_frames_total', 'Frames sent to web viewers.', counts.frames),
        counter(
          'madang_web_frame_bytes_total',
          'Bytes of the frames sent to web viewers.',
          counts.bytes,
        ),
        counter('madang_web_let_go_total', 'Web viewers let go for not keeping up.', counts.letGo),
        {
          name: 'madang_web_refusals_total',
          help: 'Web viewers refused, by reason (full, address, gone: no such table).',
          type: 'counter',
          samples: Object.entries(counts.refused).map(([reason, value]) => ({
            labels: { reason },
            value,
          })),
        },
      ];
    },

    close() {
      for (const live of lives.values()) {
        for (const viewer of live.viewers) viewer.close(1001, 'The server is stopping.');
        live.stop();
      }
      lives.clear();
    },
  };
}
