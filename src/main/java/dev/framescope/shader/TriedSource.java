package dev.framescope.shader;

import dev.framescope.shader.debug.Unsupported;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.formats.Program;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * debug_effect's {@code source}: the effect as it would be with the pass's file holding that text, without touching
 * the file. The text goes into a folder of the call's own under the file's name, beside copies of the file's
 * companions (an ISF {@code .vs}), and every program of that file reads it there; the effect's folder, definition and
 * images stay the original's.
 */
final class TriedSource {

    private TriedSource() {
    }

    static Effect of(Effect effect, Program program, String source, Path folder) throws IOException {
        Path file = program.file(true);
        if (file == null || file.getFileName().toString().endsWith(".json")) {
            throw new Unsupported("source replaces a pass's own file, and this pass's code is inside "
                    + (file == null ? "no GLSL file" : file.getFileName() + " (a JSON export or collection)")
                    + ": save the fix there and call again");
        }
        Path tried = folder.resolve(file.getFileName().toString());
        Files.writeString(tried, source, StandardCharsets.UTF_8);
        String stem = stem(file.getFileName().toString());
        Path parent = file.toAbsolutePath().getParent();
        DirectoryStream.Filter<Path> companions = p -> p.getFileName().toString().startsWith(stem + ".");
        try (DirectoryStream<Path> siblings = Files.newDirectoryStream(parent, companions)) {
            for (Path sibling : siblings) {
                if (!sibling.getFileName().equals(file.getFileName()) && Files.isRegularFile(sibling)
                        && Files.size(sibling) <= 1 << 20 && !sibling.getFileName().toString().endsWith(".json")) {
                    Files.copy(sibling, folder.resolve(sibling.getFileName().toString()));
                }
            }
        }
        List<Program> programs = new ArrayList<>();
        for (Program p : effect.programs()) {
            programs.add(file.equals(p.glsl()) ? new Program(p.pass(), p.name(), tried, p.wgsl(), p.spec(),
                    p.refused()) : p);
        }
        return new Effect(effect.id(), effect.dir(), effect.definition(), programs, effect.root());
    }

    private static String stem(String name) {
        int dot = name.lastIndexOf('.');
        return dot < 0 ? name : name.substring(0, dot);
    }
}
