package dev.framescope.renderdoc;

import dev.framescope.renderdoc.bridge.BridgeProcess;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A python3 for {@link BridgeProcess} whose bridge also serves the test-only fault methods of
 * {@code bridge_faults.py} (sleep, busy, hang, crash): a shell script that execs Debian's python3 on that module,
 * which then runs the real bridge. The supervisor under test is the production one, unchanged; only the interpreter
 * it is given differs, as FRAMESCOPE_PYTHON lets anyone choose it.
 */
public final class FaultyPython {

    private FaultyPython() {
    }

    /** Writes the wrapper and the module into {@code dir} and returns the wrapper, to pass as the python path. */
    public static Path in(Path dir) throws IOException {
        Path folder = Files.createDirectories(dir.resolve("faulty-python"));
        try (InputStream module = FaultyPython.class.getResourceAsStream("bridge_faults.py")) {
            Files.copy(module, folder.resolve("bridge_faults.py"), StandardCopyOption.REPLACE_EXISTING);
        }
        Path wrapper = folder.resolve("python3");
        // The supervisor runs `python -u <bridge.py> --spool DIR`: keep -u (an unbuffered log up to a crash), put
        // the fault module first; exec, so the bridge's pid is the process the supervisor started.
        Files.writeString(wrapper, """
                #!/bin/sh
                flag=$1; shift
                exec /usr/bin/python3 "$flag" "$(dirname "$0")/bridge_faults.py" "$@"
                """);
        Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwx------"));
        return wrapper;
    }
}
