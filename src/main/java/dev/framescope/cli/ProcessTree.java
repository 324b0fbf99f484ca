package dev.framescope.cli;

/**
 * The processes this server started: Chromium, Playwright's Node driver, the RenderDoc bridge, glslangValidator.
 * When serving ends they go with it, however they are doing, so nothing outlives the client.
 */
final class ProcessTree {

    private ProcessTree() {
    }

    /** Kills every process below this one, children's children first. */
    static void killDescendants() {
        ProcessHandle.current().descendants()
                .sorted((a, b) -> Long.compare(depth(b), depth(a)))
                .forEach(ProcessHandle::destroyForcibly);
    }

    private static long depth(ProcessHandle process) {
        long depth = 0;
        for (var parent = process.parent(); parent.isPresent() && depth < 64; parent = parent.get().parent()) {
            depth++;
        }
        return depth;
    }

    /**
     * Ends the process with {@code status} after {@code ms} even if a shutdown hook is still waiting (a hook that
     * closes Playwright can wait seconds on a driver that is gone).
     */
    static void haltAfter(long ms, int status) {
        Thread halt = new Thread(() -> {
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                return;
            }
            System.err.flush();
            Runtime.getRuntime().halt(status);
        }, "exit-deadline");
        halt.setDaemon(true);
        halt.start();
    }
}
