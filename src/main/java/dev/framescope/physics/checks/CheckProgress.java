package dev.framescope.physics.checks;

import dev.framescope.common.ToolContext;

/**
 * Progress of a triage, for a client that asked for it (MCP progress token): one notification as the checks start,
 * naming how many and over how many frames, and one as each check ends. On a big recording the first check waits for
 * the whole-recording read, and the client's idle timer would otherwise see nothing for seconds. Checks end on
 * several threads; the count only grows, as the protocol requires.
 */
final class CheckProgress {

    private final ToolContext context;
    private final int total;
    private int done;

    CheckProgress(ToolContext context, int total) {
        this.context = context;
        this.total = total;
    }

    synchronized void started(String what) {
        context.progress(0, (double) total, what);
    }

    synchronized void finished(String check) {
        done++;
        context.progress(done, (double) total, check + " done (" + done + " of " + total + " checks)");
    }
}
