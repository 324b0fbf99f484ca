package dev.framescope.shader;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The static per-effect tools page a folder of 135 effects like compile_effect does (see {@link PagingContract}). */
class StaticPagingTest {

    @TempDir
    Path root;
    @TempDir
    Path state;

    @Test
    void staticToolsPageAndSummariseAWholeFolder() throws Exception {
        PagingContract folder = new PagingContract(root, state, 15);
        folder.check("analyze_effect", Map.of(), 1, false);
        folder.check("compare_shaders", Map.of(), 1, false);
        folder.check("check_effect_structure", Map.of(), 1, false);
    }
}
