package dev.framescope.shader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.ToolException;
import dev.framescope.shader.EffectSearch.EffectMatch;
import dev.framescope.shader.EffectSearch.SearchReport;
import dev.framescope.shader.EffectSearch.SourceMatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** search_effects on the demo effects: metadata of each format, source lines by regex, and its bounds. */
class EffectSearchTest {

    private final EffectSearch search = new EffectSearch();

    private static EffectLibrary demo(String folder) {
        return new EffectLibrary(Path.of("demo/shaders", folder));
    }

    private static String where(SourceMatch m) {
        return m.effect() + " " + m.file() + (m.part() == null ? "" : "#" + m.part()) + ":" + m.line();
    }

    @Test
    void findsSourceLinesByRegexWithFileAndLine() {
        SearchReport r = search.search(demo("effects"), "filter/*", null, "texture\\(inputTex, (uv|gl_FragCoord)", 50);
        assertEquals(List.of("filter/blur filter/blur/glsl/horizontal.glsl:10",
                "filter/blur filter/blur/glsl/horizontal.glsl:11",
                "filter/grayscale filter/grayscale/glsl/grayscale.glsl:9",
                "filter/invert filter/invert/glsl/invert.glsl:8",
                "filter/threshold filter/threshold/glsl/threshold.glsl:9",
                "filter/vignette filter/vignette/glsl/vignette.glsl:9"),
                r.sourceMatches().preview().stream().map(EffectSearchTest::where).toList());
        assertEquals("vec4 color = texture(inputTex, gl_FragCoord.xy / resolution);",
                r.sourceMatches().preview().get(3).text());
        assertFalse(r.scanCut());
        assertEquals(6, r.sourceMatches().count());
    }

    @Test
    void countsLinesInsideCollectionEntriesAndShadertoyPasses() {
        SearchReport t = search.search(demo("transitions"), "*", null, "getToColor\\(uv\\), getFromColor", 50);
        assertEquals(List.of("collection/iris collection/gl-transitions.json#iris:15",
                "single/brokenWipe single/brokenWipe.glsl:9"),
                t.sourceMatches().preview().stream().map(EffectSearchTest::where).toList());
        SearchReport s = search.search(demo("shadertoy"), "trail", null, "^// Buffer A: last frame", 50);
        assertEquals(List.of("trail trail.json#Buffer A:1"),
                s.sourceMatches().preview().stream().map(EffectSearchTest::where).toList());
    }

    @Test
    void matchesMetadataOfEachFormatCaseInsensitively() {
        List<EffectMatch> isf = search.search(demo("isf"), "*", "MULTIPASS", null, 50).effects().preview();
        EffectMatch quarter = isf.stream().filter(m -> m.id().equals("Quarter Res")).findFirst().orElseThrow();
        assertEquals(List.of("categories"), quarter.fields());
        assertTrue(search.search(demo("isf"), "*", "framescope demo", null, 50).effects().preview().stream()
                .anyMatch(m -> m.id().equals("Quarter Res") && m.fields().equals(List.of("credit"))));
        List<EffectMatch> native_ = search.search(demo("effects"), "*", "feedback", null, 50).effects().preview();
        assertEquals(List.of("synth/trails"), native_.stream().map(EffectMatch::id).toList());
        assertEquals(List.of("description", "tags", "manifest"), native_.get(0).fields());
        List<EffectMatch> st = search.search(demo("shadertoy"), "*", "fading trail", null, 50).effects().preview();
        assertEquals(List.of("trail"), st.stream().map(EffectMatch::id).toList());
        assertTrue(search.search(demo("transitions"), "*", "framescope demo", null, 50).effects().preview()
                .stream().anyMatch(m -> m.id().equals("collection/iris") && m.fields().contains("author")));
    }

    @Test
    void boundsThePreviewAndKeepsTheCount() {
        SearchReport r = search.search(demo("effects"), "*", null, "fragColor", 3);
        assertEquals(3, r.sourceMatches().preview().size());
        assertTrue(r.sourceMatches().truncated());
        assertTrue(r.sourceMatches().count() > 20, "every GLSL program writes fragColor");
    }

    @Test
    void rejectsABrokenRegexNamingTheParameter() {
        ToolException e = assertThrows(ToolException.class,
                () -> search.search(demo("effects"), "*", null, "texture(inputTex", 50));
        assertEquals(ErrorCode.INVALID_ARGUMENT, e.code());
        assertEquals("source_regex", e.context().get("parameter"));
        ToolException none = assertThrows(ToolException.class,
                () -> search.search(demo("effects"), "*", " ", null, 50));
        assertEquals("query", none.context().get("parameter"));
    }

    @Test
    void cutsARunawayRegexAtTheTimeLimit(@TempDir Path root) throws IOException {
        Files.writeString(root.resolve("slow.fs"), "/*{\"INPUTS\": []}*/\n// " + "a".repeat(40) + "!\n"
                + "void main() { gl_FragColor = vec4(1.0); }\n");
        long start = System.nanoTime();
        SearchReport r = new EffectSearch(200).search(new EffectLibrary(root), "*", null, "(.*a){20}$", 50);
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(r.scanCut(), r.summary());
        assertTrue(r.note().contains("time limit"), r.note());
        assertTrue(ms < 5_000, "stopped after " + ms + " ms");
    }
}
