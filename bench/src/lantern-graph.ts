/**
 * What Lighthouse's simulation (Lantern) counted in a screen's largest contentful paint: the
 * nodes of its LCP graphs that end last. Lantern's LCP is the end of the last network request
 * that finished before the paint in the observed run (and the CPU work that started the
 * requests), so a request the app starts just before its screen paints, however small, lands
 * after all of the screen's scripts on the simulated slow network (issue 20).
 */
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

interface LanternNode {
  type: 'network' | 'cpu';
  startTime: number;
  endTime: number;
  request?: { url: string; transferSize: number; connectionId: number };
  childEvents?: { name: string; args?: { data?: { url?: string } } }[];
}
type NodeTimings = Map<LanternNode, { startTime: number; endTime: number }>;

const simulations = () =>
  (Lantern as unknown as { Simulation: { Simulator: { allNodeTimings: Map<string, NodeTimings> } } }).Simulation.Simulator.allNodeTimings;

function describe(node: LanternNode): string {
  if (node.type === 'network' && node.request) {
    const { url, transferSize, connectionId } = node.request;
    return `${new URL(url).pathname.slice(0, 60)} ${transferSize} B, connection ${connectionId}`;
  }
  const events = (node.childEvents ?? [])
    .filter((e) => /EvaluateScript|FunctionCall|Layout|TimerFire|ParseHTML|Paint/.test(e.name))
    .slice(0, 4)
    .map((e) => e.name + (e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()?.slice(0, 30)}` : ''));
  return `CPU ${Math.round((node.endTime - node.startTime) / 1000)} ms observed: ${events.join(', ')}`;
}

/** Prints the `count` nodes of each LCP simulation of the last Lighthouse run that end last. */
export function printLcpGraphTail(count: number): void {
  for (const [label, timings] of simulations()) {
    if (!/LargestContentfulPaint/.test(label)) continue;
    const rows = [...timings.entries()].sort((a, b) => b[1].endTime - a[1].endTime);
    console.log(`  ${label}: ${rows.length} nodes, ends at ${Math.round(rows[0]?.[1].endTime ?? 0)} ms`);
    for (const [node, t] of rows.slice(0, count))
      console.log(`    ${String(Math.round(t.startTime)).padStart(6)} ${String(Math.round(t.endTime)).padStart(6)}  ${describe(node)}`);
  }
  simulations().clear();
}
