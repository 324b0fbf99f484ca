package dev.framescope.shader.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.framescope.shader.EffectLibrary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which Shadertoy shaders keep earlier frames (issue 33 point 4), without a browser: a pass that can discard keeps
 * what its target held, so the shader is drawn from iFrame 0 like one with feedback; the exports' caching idiom
 * names the last frame its pass draws in.
 */
class ShadertoyCacheTest {

    private static Effect effect(Path root, String id) {
        return new EffectLibrary(root).select(id).get(0);
    }

    private static Effect single(Path dir, String code) throws Exception {
        Files.writeString(dir.resolve("s.glsl"), code);
        return effect(dir, "s");
    }

    @Test
    void aPassThatCanDiscardKeepsHistoryAndIsFeedbackWhileOneWithoutIsNot() throws Exception {
        Effect cache = effect(Path.of("demo/shaders/shadertoy-cache"), "cache");
        assertTrue(cache.format().keepsHistory(cache));
        assertTrue(cache.format().isFeedback(cache));
        assertEquals(List.of("Buffer A"), ShadertoyFormat.discardingPasses(cache));
        Effect lunar = effect(Path.of("demo/shaders/shadertoy-exports"), "LunarCubemap");
        assertEquals(List.of("Cube A"), ShadertoyFormat.discardingPasses(lunar));
        assertTrue(lunar.format().keepsHistory(lunar));
        // Several passes without a buffer reading itself or a later one, and no discard: no history.
        Effect fox = effect(Path.of("demo/shaders/shadertoy-exports"), "StopMotionFox");
        assertFalse(fox.format().keepsHistory(fox));
        assertFalse(fox.format().isFeedback(fox), "was feedback for having two passes");
    }

    @Test
    void aDiscardInACommentIsNoneAndOneInTheCommonTabCountsForEveryPass(@TempDir Path dir) throws Exception {
        Effect commented = single(dir, "// if (iFrame > 1) discard;\n/* discard */\nvoid mainImage(out vec4 c, "
                + "in vec2 p) { c = vec4(1.0); }\n");
        assertFalse(commented.format().keepsHistory(commented));
        Effect undiscarded = single(dir, "void mainImage(out vec4 c, in vec2 p) { float discarded = 1.0; c = "
                + "vec4(discarded); }\n");
        assertFalse(undiscarded.format().keepsHistory(undiscarded), "a word containing discard is not discard");
        Effect trail = effect(Path.of("demo/shaders/shadertoy"), "trail");
        assertTrue(trail.format().keepsHistory(trail), "Buffer A reads itself");
        assertEquals(List.of(), ShadertoyFormat.discardingPasses(trail));
    }

    @Test
    void theCachingIdiomNamesTheLastFrameItsPassDrawsIn() {
        assertEquals(1, ShadertoyFormat.discardsAfter("void mainImage( out vec4 c, in vec2 p ) {\n"
                + "    if (iFrame > 1) discard; // cache\n    c = vec4(1.0);\n}", null));
        assertEquals(0, ShadertoyFormat.discardsAfter("void mainCubemap(out vec4 c, in vec2 p, in vec3 o, in vec3 d)"
                + "{ if(iFrame>=1){ discard; } c = vec4(d, 1.0); }", null));
        assertEquals(4, ShadertoyFormat.discardsAfter("void mainImage(out vec4 c, in vec2 p) {\n"
                + "  /* computed once */ if ( iFrame > 4 ) discard;\n c = vec4(0.0); }", null));
        // Anything else is drawn every frame: work before the discard, another condition, a second entry point
        // hidden by the preprocessor, an operator the idiom does not use.
        assertNull(ShadertoyFormat.discardsAfter("void mainImage(out vec4 c, in vec2 p) { vec2 uv = p;\n"
                + "  if (iFrame > 1) discard; c = vec4(uv, 0.0, 1.0); }", null));
        assertNull(ShadertoyFormat.discardsAfter("void mainImage(out vec4 c, in vec2 p) { if (iTime > 1.0) "
                + "discard; c = vec4(1.0); }", null));
        assertNull(ShadertoyFormat.discardsAfter("#if 1\nvoid mainImage(out vec4 c, in vec2 p) { c = vec4(1.0); "
                + "if (p.x > 3.0) discard; }\n#else\nvoid mainImage(out vec4 c, in vec2 p) { if (iFrame > 1) "
                + "discard; }\n#endif\n", null));
        assertNull(ShadertoyFormat.discardsAfter("void mainImage(out vec4 c, in vec2 p) { if (iFrame < 1) "
                + "discard; c = vec4(1.0); }", null));
        assertNull(ShadertoyFormat.discardsAfter("void mainImage(out vec4 c, in vec2 p) { if (iFrame > "
                + "99999999999) discard; c = vec4(1.0); }", null));
        assertNull(ShadertoyFormat.discardsAfter(null, null));
    }

    @Test
    void aSecondDiscardOrOneInCommonLeavesPixelsSoEachDrawUpToTheIdiomsFrameCounts() {
        String idiom = "void mainImage(out vec4 c, in vec2 p) {\n  if (iFrame > 4) discard;\n";
        String columns = idiom + "  if (int(p.x) % 5 != iFrame) discard;\n  c = vec4(1.0); }";
        // After frame 4 it still discards everything, but each draw before leaves the other columns to earlier ones.
        assertEquals(4, ShadertoyFormat.discardsAfter(columns, null));
        assertFalse(ShadertoyFormat.hasOnlyTheIdiomsDiscard(columns, null));
        String called = idiom + "  keepColumn(p, iFrame);\n  c = vec4(1.0); }";
        String common = "void keepColumn(vec2 p, int f) { if (int(p.x) % 5 != f) discard; }";
        assertEquals(4, ShadertoyFormat.discardsAfter(called, common));
        assertFalse(ShadertoyFormat.hasOnlyTheIdiomsDiscard(called, common));
        String plain = idiom + "  // a discard in a comment is none\n  c = vec4(1.0); }";
        assertTrue(ShadertoyFormat.hasOnlyTheIdiomsDiscard(plain, "float f(float x) { return x; } // discard"));
        // A macro renaming what the idiom reads, in the pass or in Common: not the idiom.
        assertNull(ShadertoyFormat.discardsAfter(plain, "#define iFrame 0"));
        assertNull(ShadertoyFormat.discardsAfter("#  define discard return\n" + plain, null));
        assertEquals(4, ShadertoyFormat.discardsAfter(plain, "#define iFrameCount 3"), "another name is none");
    }

    @Test
    void theDemoColumnsCachesKeepEveryFrameOfTheirBuffersCopy() {
        Path root = Path.of("demo/shaders/shadertoy-cache");
        assertEquals(List.of("Buffer A"), ShadertoyFormat.discardingPasses(effect(root, "cache-columns")));
        assertEquals(List.of("Buffer A", "Image"), ShadertoyFormat.discardingPasses(effect(root, "cache-common")),
                "Common is in every pass");
    }

    @Test
    @Timeout(10) // a rescan per unclosed comment took minutes here
    void commentsAreBlankedInOnePassEvenWhenAMegabyteOfThemIsUnclosed() {
        assertEquals("a  b\nc  ", KeptPixels.withoutComments("a /* x */b// y\nc /* unclosed"));
        String pasted = "/* a".repeat(250_000) + " discard";
        assertEquals(" ", KeptPixels.withoutComments(pasted));
        assertNull(ShadertoyFormat.discardsAfter(pasted, null));
    }
}
