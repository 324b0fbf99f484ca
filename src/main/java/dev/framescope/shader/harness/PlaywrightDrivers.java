package dev.framescope.shader.harness;

import com.microsoft.playwright.Playwright;
import java.io.IOException;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Which driver process a new Playwright started. A call that times out while its browser is still launching gives up
 * its Playwright (its thread may never return); the driver it started must then be killed with everything under it,
 * or the launch finishes later in the abandoned thread and leaves a driver and a whole Chromium behind. Under load
 * each such timeout left one more, which made the next launches slower still: 100 drivers and 1,000 Chromium processes
 * in one test run. Knowing the driver only after a successful launch was too late.
 */
public final class PlaywrightDrivers {

    /** Playwright for Java runs its driver as {@code node …/cli.js run-driver}, a child of this JVM. */
    private static final String DRIVER_ARGUMENT = "run-driver";

    /** Two lanes starting Playwright at once must each find their own new driver. */
    private static final Object STARTING = new Object();

    interface Start {
        Playwright create() throws IOException;
    }

    private PlaywrightDrivers() {
    }

    /** Creates Playwright and hands over its driver process (or nothing when it cannot be told apart). */
    static Playwright create(Start start, Consumer<ProcessHandle> started) throws IOException {
        synchronized (STARTING) {
            Set<Long> before = drivers().map(ProcessHandle::pid).collect(Collectors.toSet());
            Playwright playwright = start.create();
            drivers().filter(p -> !before.contains(p.pid())).findFirst().ifPresent(started);
            return playwright;
        }
    }

    /** This JVM's Playwright driver processes (the tests end those a test class left). */
    public static Stream<ProcessHandle> drivers() {
        return ProcessHandle.current().children().filter(p -> p.info().commandLine()
                .map(c -> c.contains(DRIVER_ARGUMENT)).orElse(false));
    }
}
