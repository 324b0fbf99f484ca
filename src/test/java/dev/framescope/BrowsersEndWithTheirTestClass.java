package dev.framescope;

import dev.framescope.shader.harness.PlaywrightDrivers;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Ends the Playwright drivers (and the Chromium under each) that a test class left running when it ends. Each class
 * makes its own toolkits and never uses them again, but a toolkit's browsers stay up until the JVM exits (a server
 * keeps them warm on purpose), and failsafe runs every IT class in one JVM: with 40 classes that was 90 drivers and
 * ~900 Chromium processes holding 18 GB of the machine's 24, until calls timed out waiting for a page. Registered for
 * every class through JUnit's extension auto-detection (src/test/resources).
 */
public final class BrowsersEndWithTheirTestClass implements AfterAllCallback {

    @Override
    public void afterAll(ExtensionContext context) throws InterruptedException {
        if (context.getRequiredTestClass().isAnnotationPresent(Nested.class)) {
            return; // the enclosing class may still use its browsers
        }
        List<ProcessHandle> drivers = PlaywrightDrivers.drivers().toList();
        for (ProcessHandle driver : drivers) {
            driver.descendants().forEach(ProcessHandle::destroyForcibly);
            driver.destroyForcibly();
        }
        for (ProcessHandle driver : drivers) {
            driver.onExit().completeOnTimeout(driver, 5, TimeUnit.SECONDS).join();
        }
    }
}
