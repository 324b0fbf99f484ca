package dev.framescope.cli;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;

/**
 * The processes this server started: Chromium, Playwright's Node driver, the RenderDoc bridge, glslangValidator.
 * When serving ends they go with it, however they are doing, so nothing outlives the client.
 */
final class ProcessTree {

    private ProcessTree() {
    }

    /**
     * Kills every process below this one, children's children first. Each depth is found once, from one snapshot:
     * sorting by depths read on every comparison walked /proc for each parent of each process, 0.6 s with a browser's
     * ~30 processes on a loaded machine.
     */
    static void killDescendants() {
        List<ProcessHandle> below = ProcessHandle.current().descendants().toList();
        Map<Long, Long> parents = new HashMap<>();
        below.forEach(p -> parents.put(p.pid(), p.parent().map(ProcessHandle::pid).orElse(0L)));
        long self = ProcessHandle.current().pid();
        Map<Long, Integer> depths = new HashMap<>();
        for (ProcessHandle process : below) {
            int depth = 0;
            for (Long pid = process.pid(); pid != null && pid != self && depth < 64; pid = parents.get(pid)) {
                depth++;
            }
            depths.put(process.pid(), depth);
        }
        below.stream().sorted(Comparator.comparingInt((ProcessHandle p) -> depths.get(p.pid())).reversed())
                .forEach(ProcessHandle::destroyForcibly);
    }

    /**
     * Ends the process {@code ms} from now with the status {@code status} gives then, whatever is still running: what
     * it started is killed first, then the JVM halts without waiting for shutdown hooks (one that closes Playwright
     * can wait seconds on a driver that is gone).
     */
    static void exitAfter(long ms, IntSupplier status) {
        Thread deadline = new Thread(() -> {
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                return;
            }
            killDescendants();
            System.err.flush();
            Runtime.getRuntime().halt(status.getAsInt());
        }, "exit-deadline");
        deadline.setDaemon(true);
        deadline.start();
    }
}
