package dev.framescope.shader.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A call that times out while its browser is still launching, and whose launch does not end when Chromium is killed
 * (on a machine under heavy load the launch simply takes longer than the call may): the harness gives up that
 * Playwright, and its driver must go with it. Before, the driver was known only after a successful launch, so each
 * such timeout left a Playwright driver running, with the browser it went on launching: one test run ended with 100
 * drivers and 1,000 Chromium processes. The stand-in browser is a script that becomes {@code sleep}: its command line
 * no longer carries the harness's marker switch, so, like a launch that has not started Chromium yet, killing the
 * browser's processes finds nothing and the launch goes on.
 */
@Timeout(120)
class HungLaunchIT {

    @TempDir
    Path dir;

    private static Set<Long> drivers() {
        return PlaywrightDrivers.drivers().map(ProcessHandle::pid).collect(Collectors.toSet());
    }

    @Test
    void aCallTimingOutDuringTheLaunchLeavesNoPlaywrightDriverBehind() throws Exception {
        Path holder = dir.resolve("holder.pid");
        Path browser = dir.resolve("hung-chromium");
        Files.writeString(browser, "#!/bin/sh\necho $$ > '" + holder + "'\nexec sleep 600\n");
        Files.setPosixFilePermissions(browser, PosixFilePermissions.fromString("rwx------"));
        Set<Long> before = drivers();
        try (BrowserHarness harness = new BrowserHarness(browser, false, null, null, 1)) {
            ToolException timeout = assertThrows(ToolException.class, () -> harness.withPage(page -> 1, 2_000));
            assertEquals(ErrorCode.TIMEOUT, timeout.code(), timeout.getMessage());
            assertTrue(timeout.getMessage().contains("Playwright did not return either"), timeout.getMessage());
            assertTrue(eventually(() -> before.containsAll(drivers())), "drivers left: " + drivers() + " (before: "
                    + before + ")");
        } finally {
            if (Files.exists(holder)) {
                ProcessHandle.of(Long.parseLong(Files.readString(holder).trim())).ifPresent(ProcessHandle::destroy);
            }
        }
    }

    private static boolean eventually(BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 100 && !condition.getAsBoolean(); i++) {
            Thread.sleep(100);
        }
        return condition.getAsBoolean();
    }
}
