/**
 * The replay's analysis on a worker thread (issue 31): a whole game's searches take seconds to a
 * minute, and run beside the viewer they held its event loop for hundreds of milliseconds under
 * load. The worker is the program's own bundle started again (main.ts serves here when its
 * workerData asks for an analysis); it runs startAnalysis there and sends each decision as it is
 * found, the viewer's focus goes to it as a message, and a cancel ends the thread at once.
 */
import { type MessagePort, parentPort, Worker, workerData } from 'node:worker_threads';
import { startAnalysis, type AnalysisOptions } from '../analysis/analyze.js';
import type { AnalysisRun, AnalysisSummary, DecisionAnalysis } from '../analysis/types.js';
import type { AnyGameCore } from '../engine/core.js';
import type { Timeline } from '../engine/timeline.js';
import { coreOf } from '../games/cores.js';

/** What the worker is started with (its workerData). */
export interface AnalysisJob {
  readonly game: string;
  readonly timeline: Timeline;
  readonly names: readonly string[];
  readonly level: AnalysisOptions['level'];
  readonly focus: number;
}

/** The worker's news: decisions found (with how far it is), the summary at the end, or a failure. */
type News =
  | {
      readonly found: readonly DecisionAnalysis[];
      readonly done: number;
      readonly total: number;
      readonly summary?: AnalysisSummary | undefined;
    }
  | { readonly problem: string };

/** Whether this thread was started to analyse (main.ts asks before anything else). */
export const isAnalysisWorker = (): boolean =>
  (workerData as { analysis?: unknown } | null)?.analysis !== undefined;

/** The worker's slices: long, since no screen waits on this thread, only a focus message. */
const WORKER_SLICE_MS = 50;

/** The worker's side: analyses the job it was started with, and follows the focus it is sent. */
export function serveAnalysis(
  port: MessagePort | null = parentPort,
  job: AnalysisJob = (workerData as { analysis: AnalysisJob }).analysis,
): void {
  if (!port) return;
  try {
    const core = coreOf(job.game);
    if (!core) throw new Error(`no game named ${job.game}`);
    const run = startAnalysis(core, job.timeline, job.names, {
      level: job.level,
      focus: job.focus,
      sliceMs: WORKER_SLICE_MS,
    });
    const sent = new Set<number>();
    const tell = () => {
      const found: DecisionAnalysis[] = [];
      for (const [index, decision] of run.found)
        if (!sent.has(index)) {
          sent.add(index);
          found.push(decision);
        }
      const news: News = { found, ...run.progress(), summary: run.summary() };
      port.postMessage(news);
    };
    run.subscribe(tell);
    // How many there are, at once: the bar has a count before the first decision is found.
    setImmediate(tell);
    port.on('message', (message: { focus: number }) => run.focus(message.focus));
  } catch (error) {
    port.postMessage({ problem: (error as Error).message } satisfies News);
  }
}

/**
 * The analysis of a recorded game on a worker thread started from `bundle` (the program's own
 * file), as an AnalysisRun the viewer reads as it reads one run here. Cancelled, or done, the
 * thread ends; it never keeps the program alive.
 */
export function analyseOnWorker(
  bundle: URL,
  core: AnyGameCore,
  timeline: Timeline,
  names: readonly string[],
  options: AnalysisOptions,
): AnalysisRun {
  // Said here, at once, as startAnalysis says it: the viewer shows why there is no analysis.
  if (!core.winChances) throw new Error(`${core.title} gives no win chances for analysis`);
  const job: AnalysisJob = {
    game: core.id,
    timeline,
    names,
    level: options.level,
    focus: options.focus ?? 0,
  };
  const worker = new Worker(bundle, { workerData: { analysis: job } });
  worker.unref();
  const found = new Map<number, DecisionAnalysis>();
  const listeners = new Set<() => void>();
  let progress = { done: 0, total: 0 };
  let summary: AnalysisSummary | undefined;
  let problem: string | undefined;
  let ended = false;
  const tell = () => {
    for (const listener of [...listeners]) listener();
  };
  const end = () => {
    if (ended) return;
    ended = true;
    void worker.terminate();
  };
  worker.on('message', (news: News) => {
    if (ended) return;
    if ('problem' in news) {
      problem = news.problem;
      end();
    } else {
      for (const decision of news.found) found.set(decision.index, decision);
      progress = { done: news.done, total: news.total };
      summary = news.summary;
      if (summary) end();
    }
    tell();
  });
  worker.on('error', (error) => {
    if (ended) return;
    problem = error.message;
    end();
    tell();
  });
  return {
    found,
    progress: () => progress,
    focus(index) {
      if (!ended) worker.postMessage({ focus: index });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    summary: () => summary,
    problem: () => problem,
    cancel: end,
  };
}
