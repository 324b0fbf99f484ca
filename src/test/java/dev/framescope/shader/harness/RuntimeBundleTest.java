package dev.framescope.shader.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The runtime modules joined into the harness page's one script; Chromium runs it in every shader IT. */
class RuntimeBundleTest {

    private static final Path RUNTIME = Path.of("src/main/resources/dev/framescope/shader/page/runtime");

    private static String module(String name) {
        try {
            Path file = RUNTIME.resolve(name);
            return Files.exists(file) ? Files.readString(file) : null;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void everyExportOfTheExposedModulesReachesWindowFramescopeAndNoImportOrExportIsLeft() throws IOException {
        String script = RuntimeBundle.script(RuntimeBundleTest::module);
        for (String exposed : RuntimeBundle.EXPOSED) {
            Matcher exports = Pattern.compile("^export (?:async )?(?:function\\*? |const |let |class )(\\w+)",
                    Pattern.MULTILINE).matcher(Files.readString(RUNTIME.resolve(exposed)));
            while (exports.find()) {
                assertTrue(Pattern.compile("return \\{[^}]*\\b" + exports.group(1) + "\\b").matcher(script).find(),
                        exposed + " exports " + exports.group(1));
            }
        }
        assertFalse(Pattern.compile("^(import|export)\\b", Pattern.MULTILINE).matcher(script).find());
        assertTrue(script.contains("testCard: __runtime_testcard.testCard"), "render.js's re-export of testcard.js");
        assertEquals(1, script.split("const __runtime_testcard = ", -1).length - 1, "a module shared by two is once");
        assertTrue(script.indexOf("const __runtime_testcard =") < script.indexOf("const __runtime_passes ="),
                "dependencies come first");
    }

    @Test
    void renamedImportsAndReExportsAreKeptAndUnknownFormsOrCyclesFailLoudly() {
        Map<String, String> modules = Map.of(
                "compile.js", "import { a as b } from './x.js';\nexport function c() { return b; }\n",
                "render.js", "export { a as d } from './x.js';\n",
                "passes.js", "export const e = 1;\n",
                "x.js", "export const a = 2;\n");
        String script = RuntimeBundle.script(modules::get);
        assertTrue(script.contains("const { a: b } = __runtime_x;"), script);
        assertTrue(script.contains("d: __runtime_x.a"), script);

        Map<String, String> star = Map.of("compile.js", "export * from './x.js';\n", "render.js", "",
                "passes.js", "", "x.js", "");
        assertThrows(IllegalStateException.class, () -> RuntimeBundle.script(star::get));
        Map<String, String> cycle = Map.of("compile.js", "import { a } from './render.js';\nexport const b = 1;\n",
                "render.js", "import { b } from './compile.js';\nexport const a = 1;\n", "passes.js", "");
        assertThrows(IllegalStateException.class, () -> RuntimeBundle.script(cycle::get));
        assertThrows(IllegalStateException.class, () -> RuntimeBundle.script(name -> null), "a missing module");
    }
}
