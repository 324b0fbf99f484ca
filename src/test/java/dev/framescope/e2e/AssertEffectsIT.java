package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.FileTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * {@code framescope assert-effects} as CI runs it, the built JAR on a copy of the demo generators and filters:
 * --update records one golden per effect, the next run matches them all (exit 0: rendering is deterministic), a
 * change to one effect's source fails exactly that effect (exit 1, its line), a missing golden says how to record
 * it; JUnit XML with one case per effect; 2 for a missing folder, 69 without Chromium.
 */
@Timeout(300)
class AssertEffectsIT {

    private static final List<String> EFFECTS = List.of("filter/blur", "filter/grayscale", "filter/invert",
            "filter/pixelate", "filter/threshold", "filter/vignette", "synth/checker", "synth/gradient",
            "synth/plasma", "synth/rings", "synth/stripes", "synth/trails");

    @TempDir
    Path dir;

    private ProcessRun run(String... args) throws IOException, InterruptedException {
        List<String> all = new ArrayList<>(List.of("assert-effects"));
        all.addAll(List.of(args));
        return ProcessRun.run(BuiltJar.command(all.toArray(String[]::new)), Path.of("").toAbsolutePath(),
                Duration.ofSeconds(180), env -> env.put("FRAMESCOPE_STATE_DIR", dir.resolve("state").toString()));
    }

    private static List<String> lines(String text) {
        return text.lines().filter(l -> !l.isBlank()).toList();
    }

    @Test
    void recordedGoldensMatchOnTheNextRunAndAChangedEffectFailsAlone() throws Exception {
        Path effects = dir.resolve("effects");
        Files.createDirectories(effects);
        FileTrees.copy(Path.of("demo/shaders/effects/synth"), effects.resolve("synth"));
        FileTrees.copy(Path.of("demo/shaders/effects/filter"), effects.resolve("filter"));
        Path golden = dir.resolve("golden");

        ProcessRun recorded = run(effects.toString(), "--golden", golden.toString(), "--update", "--size", "64");
        assertEquals(0, recorded.exit(), recorded.output());
        for (String id : EFFECTS) {
            assertTrue(Files.isRegularFile(golden.resolve(id + ".png")), id + " recorded: " + recorded.stdout());
        }

        Path passXml = dir.resolve("reports/pass.xml");
        ProcessRun again = run(effects.toString(), "--golden", golden.toString(), "--tolerance", "0", "--junit",
                passXml.toString());
        assertEquals(0, again.exit(), again.output());
        assertEquals(List.of("PASS " + effects + ": 12 effect(s), 0 failing, 0 skipped (goldens " + golden
                + ", tolerance 0)."), lines(again.stdout()));
        Element passed = suite(passXml);
        assertEquals(List.of("12", "0"), List.of(passed.getAttribute("tests"), passed.getAttribute("failures")));

        Path shader = effects.resolve("synth/gradient/glsl/gradient.glsl");
        Files.writeString(shader, Files.readString(shader).replace("vec3(0.9, 0.5, 0.1)", "vec3(0.9, 0.5, 0.3)"));
        Files.delete(golden.resolve("synth/rings.png"));
        Path failXml = dir.resolve("reports/fail.xml");
        ProcessRun changed = run(effects.toString(), "--golden", golden.toString(), "--junit", failXml.toString());
        assertEquals(1, changed.exit(), changed.output());
        List<String> out = lines(changed.stdout());
        assertEquals(3, out.size(), changed.stdout());
        // blue 0.1 → 0.3, weighted by the gradient's mix factor: at most 0.2 × 255 ≈ 51, and within the tolerance
        // of 1 only where the factor is near 0
        assertEquals("FAIL synth/gradient: differs from " + golden.resolve("synth/gradient.png") + ": 3968 pixel(s) "
                + "(96.9%) beyond the tolerance, max channel difference 50", out.get(0));
        assertEquals("FAIL synth/rings: no golden " + golden.resolve("synth/rings.png") + "; record it with --update",
                out.get(1));
        assertEquals("FAILED " + effects + ": 12 effect(s), 2 failing, 0 skipped (goldens " + golden
                + ", tolerance 1).", out.get(2));
        Element failed = suite(failXml);
        assertEquals("2", failed.getAttribute("failures"));
        assertEquals("synth/gradient", ((Element) failed.getElementsByTagName("failure").item(0).getParentNode())
                .getAttribute("name"));
    }

    @Test
    void missingFoldersAreUsageErrorsAndNoChromiumIsItsOwnCode() throws Exception {
        ProcessRun noDir = run(dir.resolve("none").toString(), "--golden", dir.toString());
        assertEquals(2, noDir.exit(), noDir.output());
        assertTrue(noDir.stderr().contains("\"parameter\":\"DIR\""), noDir.stderr());
        ProcessRun noGolden = run("demo/shaders/effects/synth", "--golden", dir.resolve("none").toString());
        assertEquals(2, noGolden.exit(), noGolden.output());
        assertTrue(noGolden.stderr().contains("record the goldens with --update"), noGolden.stderr());
        assertEquals(2, run("demo/shaders/effects/synth").exit(), "--golden is required");

        Path errorXml = dir.resolve("error.xml");
        ProcessRun noChromium = ProcessRun.run(BuiltJar.command("assert-effects", "demo/shaders/effects/synth",
                "--golden", dir.toString(), "--junit", errorXml.toString()), Path.of("").toAbsolutePath(),
                Duration.ofSeconds(60), env -> {
                    env.put("FRAMESCOPE_STATE_DIR", dir.resolve("state2").toString());
                    env.put("FRAMESCOPE_CHROMIUM", dir.resolve("no-chromium").toString());
                });
        assertEquals(69, noChromium.exit(), noChromium.output());
        assertTrue(noChromium.stderr().contains("ENGINE_UNAVAILABLE"), noChromium.stderr());
        assertEquals("1", suite(errorXml).getAttribute("errors"));

        ProcessRun help = run("--help");
        assertEquals(0, help.exit());
        assertTrue(help.stdout().contains("69") && help.stdout().contains("<effect id>.png"), help.stdout());
    }

    private static Element suite(Path xml) throws Exception {
        assertTrue(Files.isRegularFile(xml), xml + " written");
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        return (Element) doc.getElementsByTagName("testsuite").item(0);
    }
}
