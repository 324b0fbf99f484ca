package dev.framescope.common;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How to install a missing part. A user who has only the JAR gets the apt command; {@code scripts/setup.sh} (which
 * installs every part at once) is named only when FrameScope runs inside a clone that has it.
 */
public final class SetupHint {

    private static final Path SETUP = Path.of("scripts/setup.sh");

    private SetupHint() {
    }

    /** {@code aptFix} (e.g. "sudo apt-get install -y chromium (or set ...)"), then the clone's script if present. */
    public static String fix(String aptFix) {
        return Files.isRegularFile(SETUP) && Files.isRegularFile(Path.of("scripts/framescope"))
                ? aptFix + "; or, in this FrameScope clone, scripts/setup.sh installs every part"
                : aptFix;
    }
}
