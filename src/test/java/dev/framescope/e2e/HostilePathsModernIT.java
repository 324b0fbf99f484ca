package dev.framescope.e2e;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/** Every test of {@link HostilePathsIT} again, with a client of the stateless era (MCP 2026-07-28). */
class HostilePathsModernIT extends HostilePathsIT {

    @Override
    RawClient client(Path stderr, Map<String, String> env) throws IOException {
        return RawClient.modern(stderr, env);
    }
}
