package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.renderdoc.FaultyPython;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@code framescope assert-capture} as CI runs it, the built JAR on the committed captures: exit 1 and one line per
 * finding on the GL fixture, 0 on vkcube (a frame with no finding) and on the fixed GL frame once its other
 * deliberate defects are allowed, which leaves exactly the NaN draw failing the unfixed one; JUnit XML that parses,
 * with the right failures; 2 for a bad path or kind, 69 when RenderDoc cannot replay.
 */
@Timeout(240)
class AssertCaptureIT {

    /** Every deliberate defect of the GL scene but the NaN draw, which gl_defects_fixed fixes. */
    private static final String OTHER_DEFECTS = "inf_written,bad_vertex_positions,degenerate_triangles,"
            + "uv_out_of_range,api_error";

    @TempDir
    Path dir;

    private ProcessRun run(String... args) throws IOException, InterruptedException {
        List<String> all = new ArrayList<>(List.of("assert-capture"));
        all.addAll(List.of(args));
        return ProcessRun.run(BuiltJar.command(all.toArray(String[]::new)), Path.of("").toAbsolutePath(),
                Duration.ofSeconds(120), env -> env.put("FRAMESCOPE_STATE_DIR", dir.resolve("state").toString()));
    }

    private static List<String> lines(String text) {
        return text.lines().filter(l -> !l.isBlank()).toList();
    }

    @Test
    void theGlFixtureFailsWithOneLinePerFinding() throws Exception {
        ProcessRun r = run("demo/captures/gl_defects.rdc");
        assertEquals(1, r.exit(), r.output());
        List<String> lines = lines(r.stdout());
        assertEquals(List.of(
                "FAIL nan_written at event 35 (Frame/Defects/NaN quad): this event writes 1024 NaN texels to hdr_color",
                "FAIL inf_written at event 46 (Frame/Defects/Inf quad): this event writes 1024 Inf texels to hdr_color",
                "FAIL bad_vertex_positions at event 57 (Frame/Defects/Bad vertices): 2 vertices with NaN/Inf/huge "
                        + "positions after the vertex shader",
                "FAIL uv_out_of_range at event 70 (Frame/Defects/Tiled UVs): UVs (uv) span -50..50",
                "FAIL degenerate_triangles at event 81 (Frame/Defects/Degenerate triangles): 2 zero-area triangles",
                // the API error at its own call (glEnable, API event 132), ranked after what the frame draws wrong
                "FAIL api_error at event 132 (Frame/Errors/Invalid enable): Miscellaneous: GL_INVALID_ENUM in "
                        + "glEnable(0xdead)"),
                lines.subList(0, lines.size() - 1));
        assertTrue(lines.get(lines.size() - 1).startsWith("FAILED ") && lines.get(lines.size() - 1)
                .endsWith("gl_defects.rdc: 6 finding(s)."), lines.toString());
    }

    /** Markers, pops and a glFlush between a GL error and the draw it is filed under: each line names its call. */
    @Test
    void eachApiErrorIsFailedAtTheCallThatRaisedIt() throws Exception {
        ProcessRun r = run("demo/captures/gl_markers.rdc");
        assertEquals(1, r.exit(), r.output());
        assertEquals(List.of(
                "FAIL api_error at event 5 (Frame): Miscellaneous: GL_INVALID_ENUM in glEnable(0xdead)",
                "FAIL api_error at event 15 (Frame/Glow setup): Miscellaneous: GL_INVALID_ENUM in glBlendFunc("
                        + "dfactorRGB = 0xbeef)",
                "FAIL api_error at event 32 (Frame/Hints): Miscellaneous: GL_INVALID_ENUM in glHint(target)",
                "FAIL api_error at event 34 (Frame/Hints): Miscellaneous: GL_INVALID_ENUM in glHint(target)",
                "FAIL api_error at event 44 (Frame/Hints): Application_Defined: streaming fell behind",
                "FAIL api_error at event 47 (Frame/Overlay): Miscellaneous: GL_INVALID_ENUM in glEnable(0xdead)"),
                lines(r.stdout()).subList(0, 6));
    }

    @Test
    void aFrameWithNoFindingPasses() throws Exception {
        ProcessRun r = run("demo/captures/vkcube.rdc");
        assertEquals(0, r.exit(), r.output());
        assertEquals(1, lines(r.stdout()).size(), r.stdout());
        assertTrue(r.stdout().startsWith("PASS "), r.stdout());
    }

    @Test
    void allowingTheOtherDefectsLeavesExactlyTheNanDrawAndTheFixPasses() throws Exception {
        Path fixedXml = dir.resolve("reports/fixed.xml");
        ProcessRun fixed = run("demo/captures/gl_defects_fixed.rdc", "--allow", OTHER_DEFECTS, "--junit",
                fixedXml.toString());
        assertEquals(0, fixed.exit(), fixed.output());
        assertTrue(lines(fixed.stdout()).stream().noneMatch(l -> l.startsWith("FAIL ")), fixed.stdout());
        assertTrue(fixed.stdout().contains("0 finding(s), 5 allowed."), fixed.stdout());

        Path beforeXml = dir.resolve("reports/before.xml");
        ProcessRun before = run("demo/captures/gl_defects.rdc", "--allow", "inf_written", "--allow",
                "bad_vertex_positions,degenerate_triangles,uv_out_of_range", "--allow", "api_error", "--junit",
                beforeXml.toString());
        assertEquals(1, before.exit(), before.output());
        assertEquals(List.of("FAIL nan_written at event 35 (Frame/Defects/NaN quad): this event writes 1024 NaN "
                + "texels to hdr_color"), lines(before.stdout()).stream().filter(l -> l.startsWith("FAIL ")).toList());

        Element suite = suite(beforeXml);
        assertEquals("8", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        assertEquals("5", suite.getAttribute("skipped"));
        NodeList failures = suite.getElementsByTagName("failure");
        assertEquals(1, failures.getLength());
        Element failure = (Element) failures.item(0);
        assertEquals("nan_written", failure.getAttribute("type"));
        assertEquals("nan_written", ((Element) failure.getParentNode()).getAttribute("name"));
        assertTrue(failure.getTextContent().contains("Frame/Defects/NaN quad"), failure.getTextContent());

        Element fixedSuite = suite(fixedXml);
        assertEquals("0", fixedSuite.getAttribute("failures"));
        assertEquals(0, fixedSuite.getElementsByTagName("failure").getLength());
    }

    @Test
    void withoutAllowanceTheJUnitReportFailsEachKindFound() throws Exception {
        Path xml = dir.resolve("all.xml");
        assertEquals(1, run("demo/captures/gl_defects.rdc", "--junit", xml.toString()).exit());
        Element suite = suite(xml);
        assertEquals("6", suite.getAttribute("failures"));
        List<String> failed = new ArrayList<>();
        NodeList failures = suite.getElementsByTagName("failure");
        for (int i = 0; i < failures.getLength(); i++) {
            failed.add(((Element) failures.item(i)).getAttribute("type"));
        }
        assertEquals(List.of("nan_written", "inf_written", "bad_vertex_positions", "degenerate_triangles",
                "uv_out_of_range", "api_error"), failed);
    }

    private static Element suite(Path xml) throws Exception {
        assertTrue(Files.isRegularFile(xml), xml + " written");
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        assertEquals("testsuites", doc.getDocumentElement().getTagName());
        return (Element) doc.getElementsByTagName("testsuite").item(0);
    }

    @Test
    void badPathsAndKindsAreUsageErrorsAndAMissingRenderDocIsItsOwnCode() throws Exception {
        ProcessRun missing = run("demo/captures/no_such.rdc");
        assertEquals(2, missing.exit(), missing.output());
        assertTrue(missing.stderr().contains("\"code\":\"NOT_FOUND\""), missing.stderr());

        ProcessRun notCapture = run("README.md");
        assertEquals(2, notCapture.exit(), notCapture.output());
        assertTrue(notCapture.stderr().contains("\"code\":\"INVALID_ARGUMENT\""), notCapture.stderr());

        ProcessRun badKind = run("demo/captures/gl_defects.rdc", "--allow", "nan");
        assertEquals(2, badKind.exit(), badKind.output());
        assertTrue(badKind.stderr().contains("unknown kind 'nan'"), badKind.stderr());

        assertEquals(2, run().exit(), "FILE is required");

        Path errorXml = dir.resolve("error.xml");
        ProcessRun noRenderDoc = ProcessRun.run(BuiltJar.command("assert-capture", "demo/captures/gl_defects.rdc",
                "--junit", errorXml.toString()), Path.of("").toAbsolutePath(), Duration.ofSeconds(60), env -> {
                    env.put("FRAMESCOPE_STATE_DIR", dir.resolve("state2").toString());
                    env.put("FRAMESCOPE_PYTHON", dir.resolve("no-python").toString());
                });
        assertEquals(69, noRenderDoc.exit(), noRenderDoc.output());
        assertTrue(noRenderDoc.stderr().contains("ENGINE_UNAVAILABLE"), noRenderDoc.stderr());
        Element errorSuite = suite(errorXml);
        assertEquals("1", errorSuite.getAttribute("errors"));
        assertTrue(errorSuite.getElementsByTagName("error").item(0).getTextContent().contains("ENGINE_UNAVAILABLE"));

        ProcessRun help = run("--help");
        assertEquals(0, help.exit());
        assertTrue(help.stdout().contains("69") && help.stdout().contains("--allow=KIND"), help.stdout());
    }

    /**
     * Files that are no capture RenderDoc can replay, made from the committed captures: cut in half, missing the last
     * byte, random bytes behind the signature, bytes flipped through the compressed frame data (RenderDoc's open used
     * to fail on one and crash on the other, both "the runner is broken"), empty, a folder, a FIFO. Each is exit 2
     * with the reason, and none hangs (a FIFO is never opened).
     */
    @Test
    void aDamagedFileOrNoFileIsABadInputNotABrokenRunner() throws Exception {
        byte[] gl = Files.readAllBytes(Path.of("demo/captures/gl_defects.rdc"));
        byte[] vk = Files.readAllBytes(Path.of("demo/captures/vk_defects.rdc"));
        byte[] random = new byte[20_000];
        new Random(33).nextBytes(random);
        System.arraycopy(gl, 0, random, 0, 4); // RenderDoc's signature, "RDOC"
        byte[] flipped = gl.clone();
        for (int i = 2000; i < flipped.length; i += 97) {
            flipped[i] ^= (byte) 0xff;
        }
        byte[] crashing = vk.clone(); // four bytes of the frame data: the replay of 1.24 segfaulted in OpenCapture
        crashing[1250] = 0x30;
        crashing[2535] = (byte) 0xca;
        crashing[6055] = 0x1d;
        crashing[10728] = 0x18;
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("half.rdc", Arrays.copyOf(gl, gl.length / 2));
        files.put("last-byte-missing.rdc", Arrays.copyOf(gl, gl.length - 1));
        files.put("random.rdc", random);
        files.put("flipped.rdc", flipped);
        files.put("crashing.rdc", crashing);
        files.put("empty.rdc", new byte[0]);
        Map<String, String> reasons = new LinkedHashMap<>();
        for (var f : files.entrySet()) {
            Files.write(dir.resolve(f.getKey()), f.getValue());
            reasons.put(f.getKey(), f.getKey().equals("empty.rdc") ? "is not a RenderDoc capture"
                    : "RenderDoc cannot read");
        }
        Files.createDirectory(dir.resolve("folder.rdc"));
        reasons.put("folder.rdc", "is a folder");
        assertEquals(0, new ProcessBuilder("mkfifo", dir.resolve("fifo.rdc").toString()).start().waitFor());
        reasons.put("fifo.rdc", "is not a regular file");
        for (var expected : reasons.entrySet()) {
            ProcessRun r = run(dir.resolve(expected.getKey()).toString());
            assertEquals(2, r.exit(), expected.getKey() + ": " + r.output());
            assertTrue(r.stderr().contains("\"code\":\"INVALID_ARGUMENT\"") && r.stderr().contains(expected.getValue()),
                    expected.getKey() + ": " + r.stderr());
        }
        // One of those bytes alone leaves the frame data parsing and still crashes the replay (issue 33: exit 69,
        // "the runner is broken"). The gate then replays the captures bundled in the JAR: they replay, so the file
        // is at fault.
        byte[] oneByte = vk.clone();
        oneByte[1250] = 0x30;
        Files.write(dir.resolve("one-byte.rdc"), oneByte);
        ProcessRun crashed = run(dir.resolve("one-byte.rdc").toString());
        assertEquals(2, crashed.exit(), crashed.output());
        assertTrue(crashed.stderr().contains("RenderDoc crashed replaying") && crashed.stderr().contains("bad input"),
                crashed.stderr());
        assertTrue(Files.list(dir.resolve("state")).noneMatch(p -> p.getFileName().toString()
                .startsWith("replay-probe-")), "the probe's copies are removed");

        // A runner whose replay crashes on every capture (a broken driver): the bundled captures crash too, so the
        // same file is the runner's failure, 69.
        Path faulty = FaultyPython.in(dir);
        ProcessRun broken = ProcessRun.run(BuiltJar.command("assert-capture", dir.resolve("one-byte.rdc").toString()),
                Path.of("").toAbsolutePath(), Duration.ofSeconds(120), env -> {
                    env.put("FRAMESCOPE_STATE_DIR", dir.resolve("state3").toString());
                    env.put("FRAMESCOPE_PYTHON", faulty.toString());
                    env.put("FRAMESCOPE_FAULT_CRASH_EVERY_CAPTURE", "1");
                });
        assertEquals(69, broken.exit(), broken.output());
        assertTrue(broken.stderr().contains("the runner is at fault") && broken.stderr().contains("gl_scene.rdc"),
                broken.stderr());
    }
}
