package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.framescope.renderdoc.RenderDocArgs.FrameDigestArgs;
import dev.framescope.renderdoc.RenderDocArgs.GeometryArgs;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The bridge's findings (the digest ranked from get_event_insight and diff_captures, a draw's bad vertices) use the
 * digest's and geometry_anomalies' rules without a call that carries them, so evidence.py names them once as
 * constants. They are the Java records' defaults, said a second time: this fails the day the two disagree.
 */
class FindingRulesTest {

    @Test
    void theFindingsRulesAreTheToolsDefaults() throws Exception {
        String evidence = bridgeFile("evidence.py");
        FrameDigestArgs digest = new FrameDigestArgs("x.rdc", null, null, null, null);
        assertEquals(digest.overdrawDraws(), Integer.parseInt(constant(evidence, "OVERDRAW_DRAWS = (\\d+)")));
        GeometryArgs geometry = new GeometryArgs("x.rdc", null, null, null, null, null, null);
        assertEquals(geometry.huge(), Double.parseDouble(constant(evidence, "\"huge\": ([0-9.e]+)")));
        assertEquals(geometry.uvMargin(), Double.parseDouble(constant(evidence, "\"uv_margin\": ([0-9.e]+)")));
    }

    private static String constant(String source, String regex) {
        Matcher m = Pattern.compile(regex).matcher(source);
        if (!m.find()) {
            throw new AssertionError("evidence.py no longer has " + regex);
        }
        return m.group(1);
    }

    private static String bridgeFile(String name) throws Exception {
        try (InputStream in = FindingRulesTest.class.getResourceAsStream("/dev/framescope/renderdoc/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
