package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.FileTrees;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
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
                + "(96.9%) beyond the tolerance, max channel difference 50; diff picture "
                + dir.resolve("reports/fail-diffs/synth/gradient.png"), out.get(0));
        assertEquals("FAIL synth/rings: no golden " + golden.resolve("synth/rings.png") + "; record it with --update",
                out.get(1));
        assertEquals("FAILED " + effects + ": 12 effect(s), 2 failing, 0 skipped (goldens " + golden
                + ", tolerance 1).", out.get(2));
        Element failed = suite(failXml);
        assertEquals("2", failed.getAttribute("failures"));
        assertEquals("synth/gradient", ((Element) failed.getElementsByTagName("failure").item(0).getParentNode())
                .getAttribute("name"));
    }

    /** A copy of synth/gradient, filter/invert and broken/glsl-error (a compile error on line 8). */
    private Path threeEffects() throws IOException {
        Path effects = dir.resolve("effects");
        for (String id : List.of("synth/gradient", "filter/invert", "broken/glsl-error")) {
            FileTrees.copy(Path.of("demo/shaders/effects").resolve(id), effects.resolve(id));
        }
        return effects;
    }

    /**
     * --update wrote through links in the golden tree: a golden that is a link to another file was overwritten with a
     * PNG, and a subfolder that is a link received the goldens. Both are refused as save_texture and the console
     * refuse them, the other effects are recorded, and an effect that does not compile says why (it said "error").
     */
    @Test
    void updateNeverWritesThroughALinkAndSaysWhyAnEffectFailed() throws Exception {
        Path effects = threeEffects();
        Path outside = Files.createDirectories(dir.resolve("outside/folder"));
        Path secret = Files.writeString(dir.resolve("outside/secret.txt"), "not a golden");
        Path golden = Files.createDirectories(dir.resolve("golden/synth"));
        Files.createSymbolicLink(golden.resolve("gradient.png"), secret);
        Files.createSymbolicLink(dir.resolve("golden/filter"), outside);
        golden = dir.resolve("golden");

        ProcessRun recorded = run(effects.toString(), "--golden", golden.toString(), "--update", "--size", "32");
        assertEquals(1, recorded.exit(), recorded.output());
        assertEquals(List.of("FAIL broken/glsl-error: error: glsl line 8: 'undeclaredValue' : undeclared identifier",
                "FAIL filter/invert: not recorded: " + golden.resolve("filter") + " is a link or a file, not a folder "
                        + "below GOLDEN_DIR " + golden + "; FrameScope does not write through links",
                "FAIL synth/gradient: not recorded: Invalid argument 'GOLDEN_DIR': "
                        + golden.resolve("synth/gradient.png") + " is a symbolic link to " + secret.toRealPath()
                        + "; FrameScope does not write through links. "
                        + "Name the real file, or another file.",
                "FAILED " + effects + ": 3 effect(s), 3 failing, 0 skipped, goldens in " + golden + "."),
                lines(recorded.stdout()));
        assertEquals("not a golden", Files.readString(secret));
        assertEquals(List.of(), files(outside));
        assertTrue(Files.isSymbolicLink(golden.resolve("synth/gradient.png")), "the link itself is left as it was");
    }

    /**
     * A failing check wrote no picture of the difference: it now goes next to the JUnit report (report.xml:
     * report-diffs/<effect id>.png), or into --diffs DIR, named in the FAIL line and the JUnit failure: the golden's
     * pixels dim grey where they match, red where the frame differs (the 3968 pixels the line counts).
     */
    @Test
    void aFailingCheckWritesItsDiffPictureNextToTheReportOrIntoDiffs() throws Exception {
        Path effects = threeEffects();
        Path golden = dir.resolve("golden");
        assertEquals(1, run(effects.toString(), "--golden", golden.toString(), "--update", "--size", "64").exit());
        Path shader = effects.resolve("synth/gradient/glsl/gradient.glsl");
        Files.writeString(shader, Files.readString(shader).replace("vec3(0.9, 0.5, 0.1)", "vec3(0.9, 0.5, 0.3)"));

        Path report = dir.resolve("reports/fail.xml");
        ProcessRun beside = run(effects.toString(), "--golden", golden.toString(), "--junit", report.toString());
        assertEquals(1, beside.exit(), beside.output());
        Path picture = dir.resolve("reports/fail-diffs/synth/gradient.png");
        assertTrue(lines(beside.stdout()).contains("FAIL synth/gradient: differs from "
                + golden.resolve("synth/gradient.png") + ": 3968 pixel(s) (96.9%) beyond the tolerance, max channel "
                + "difference 50; diff picture " + picture), beside.stdout());
        assertEquals(3968, redPixels(picture));
        assertTrue(((Element) suite(report).getElementsByTagName("failure").item(1)).getAttribute("message")
                .endsWith("; diff picture " + picture), "the JUnit failure names it");
        assertEquals(List.of("synth/gradient.png"), files(dir.resolve("reports/fail-diffs")),
                "a picture for the differing effect only");

        Path elsewhere = dir.resolve("diffs");
        ProcessRun into = run(effects.toString(), "--golden", golden.toString(), "--diffs", elsewhere.toString());
        assertEquals(1, into.exit(), into.output());
        assertEquals(3968, redPixels(elsewhere.resolve("synth/gradient.png")));
    }

    /** The files under {@code folder}, relative, sorted. */
    private static List<String> files(Path folder) throws IOException {
        try (Stream<Path> all = Files.walk(folder)) {
            return all.filter(Files::isRegularFile).map(f -> folder.relativize(f).toString()).sorted().toList();
        }
    }

    /** Pixels of a diff picture drawn red (a difference) rather than grey (a match), of a 64×64 picture. */
    private static int redPixels(Path png) throws IOException {
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(List.of(64, 64), List.of(image.getWidth(), image.getHeight()));
        int red = 0;
        for (int y = 0; y < 64; y++) {
            for (int x = 0; x < 64; x++) {
                int rgb = image.getRGB(x, y);
                red += (rgb >> 16 & 0xff) >= 128 && (rgb & 0xffff) == 0 ? 1 : 0;
            }
        }
        return red;
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
