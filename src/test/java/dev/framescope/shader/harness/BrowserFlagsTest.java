package dev.framescope.shader.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Chromium keeps only the last {@code --disable-features} switch, so the harness's one must carry Playwright's
 * own list too: compared here with the list in the Playwright driver on the classpath, so that a driver upgrade
 * that changes it fails this test instead of silently re-enabling what Playwright switches off.
 */
class BrowserFlagsTest {

    private static List<String> playwrightsList() throws IOException {
        try (InputStream in = BrowserFlagsTest.class.getResourceAsStream("/driver/package/lib/coreBundle.js")) {
            assertNotNull(in, "the Playwright driver's coreBundle.js is on the classpath");
            String bundle = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int start = bundle.indexOf("disabledFeatures = [");
            assertTrue(start >= 0, "Playwright's disabledFeatures list was not found in its driver");
            String body = bundle.substring(start, bundle.indexOf("].filter(Boolean)", start))
                    .replaceAll("//[^\n]*", "");
            List<String> names = new ArrayList<>();
            Matcher m = Pattern.compile("\"([^\"]+)\"").matcher(body);
            while (m.find()) {
                names.add(m.group(1));
            }
            return names;
        }
    }

    @Test
    void theOneDisableFeaturesSwitchRepeatsPlaywrightsListAndAddsOurs() throws IOException {
        assertEquals(playwrightsList(), BrowserLauncher.PLAYWRIGHT_DISABLED_FEATURES);
        List<String> switches = BrowserLauncher.FLAGS.stream().filter(f -> f.startsWith("--disable-features=")).toList();
        assertEquals(1, switches.size(), BrowserLauncher.FLAGS.toString());
        List<String> features = List.of(switches.get(0).substring("--disable-features=".length()).split(","));
        assertTrue(features.containsAll(BrowserLauncher.PLAYWRIGHT_DISABLED_FEATURES), features.toString());
        assertTrue(features.containsAll(List.of("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")), features.toString());
    }
}
