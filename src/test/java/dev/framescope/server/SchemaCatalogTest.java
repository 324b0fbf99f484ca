package dev.framescope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.framescope.common.Config;
import dev.framescope.common.ToolDef;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaCatalogTest {

    @Test
    void buildTimeCatalogEqualsSchemasGeneratedNow(@TempDir Path stateDir) {
        assertNotNull(SchemaCatalog.class.getResource(SchemaCatalog.RESOURCE),
                "the build writes " + SchemaCatalog.RESOURCE + " in process-classes; run through Maven");
        ToolRegistry registry = ToolGroups.create(Config.defaults(stateDir)).registry();
        SchemaCatalog built = SchemaCatalog.load();
        SchemaCatalog fresh = SchemaCatalog.generatorOnly();
        for (ToolDef<?> tool : registry.tools()) {
            assertEquals(fresh.schemaOf(tool.argsType()), built.schemaOf(tool.argsType()), tool.name());
        }
    }
}
