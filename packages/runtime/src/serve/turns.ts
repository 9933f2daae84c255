/**
 * Tool calls take turns with everything else the event loop does. A tool's own work runs on the
 * event loop, and a call that keeps it busy makes everything behind it wait: sixty-four costly
 * searches read in one turn ran back to back, and a GET asked meanwhile waited for all of them.
 * So a call starts in a turn of its own (setImmediate), after the I/O that came meanwhile: what waits
 * behind a call is one call.
 *
 * And Node accepts one new connection a turn (seen on Node 20 on Linux: one accept4 for each
 * epoll_wait), so connections waiting to be accepted would each wait for a call too: the 64th
 * client behind 64 costly calls, 64 calls. While connections keep arriving, calls wait (at most
 * MAX_DEFERRED turns, which cost next to nothing when no call runs), and every waiting client is
 * read, its request counted in flight or refused (503), before the next call.
 */

const waiting: (() => void)[] = [];
let turning = false;
/** Connections accepted, as serveHttp counts them, and as many as the last turn had seen. */
let arrivals = 0;
let seen = 0;
/** Turns in a row a call has waited for connections. */
let deferred = 0;
const MAX_DEFERRED = 1024;

/** A server accepted a connection: more may be waiting to be. */
export function arrived(): void {
  arrivals++;
}

/** Resolves when it is this call's turn. */
export function inTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!turning) {
      turning = true;
      setImmediate(nextTurn);
    }
  });
}

/** One call started, unless a connection came since the last turn; then the next turn (setImmediate from the check phase runs in the next loop). */
function nextTurn(): void {
  if (waiting.length === 0) return void (turning = false);
  if (arrivals !== seen && deferred < MAX_DEFERRED) {
    seen = arrivals;
    deferred++;
    return void setImmediate(nextTurn);
  }
  seen = arrivals;
  deferred = 0;
  waiting.shift()!();
  setImmediate(nextTurn);
}
