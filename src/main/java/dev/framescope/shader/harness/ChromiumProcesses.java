package dev.framescope.shader.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The Chromium processes of one harness, found by a marker switch it is launched with (Chromium ignores unknown
 * switches), so that killing "our browser" never touches another harness's or the person's own Chromium.
 */
final class ChromiumProcesses {

    private final String marker = "--framescope-harness=" + UUID.randomUUID();

    /** The switch to add to the launch flags. */
    String marker() {
        return marker;
    }

    /** The browser process and every process under it. */
    List<ProcessHandle> list() {
        List<ProcessHandle> processes = new ArrayList<>();
        ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false))
                .forEach(browser -> {
                    processes.add(browser);
                    browser.descendants().forEach(processes::add);
                });
        return processes;
    }

    /** Kills them all at once; returns how many there were. */
    int kill() {
        List<ProcessHandle> processes = list();
        processes.forEach(ProcessHandle::destroyForcibly);
        return processes.size();
    }

    /**
     * Alive and not a zombie. A killed Chromium stays a zombie until its parent (Playwright's driver) reaps it, and
     * {@link ProcessHandle#isAlive()} still says true meanwhile; calls on that browser then hang instead of failing.
     */
    static boolean running(ProcessHandle process) {
        if (process == null || !process.isAlive()) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", String.valueOf(process.pid()),
                    "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException | RuntimeException e) {
            return process.isAlive(); // not Linux, or gone meanwhile
        }
    }
}
