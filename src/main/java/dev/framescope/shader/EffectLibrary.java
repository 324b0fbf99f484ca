package dev.framescope.shader;

import dev.framescope.common.ErrorCode;
import dev.framescope.common.SystemFolders;
import dev.framescope.common.ToolException;
import dev.framescope.shader.formats.Effect;
import dev.framescope.shader.formats.EffectFile;
import dev.framescope.shader.formats.EffectFormat;
import dev.framescope.shader.formats.EffectFormats;
import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

/**
 * The effects under one root, in every format FrameScope reads ({@link EffectFormats}: native definition.json
 * folders, ISF {@code .fs} files, noisemaker definition.js folders, gl-transitions, Shadertoy shaders); which files
 * hold effects and how they read is each format's own. Selectors are ids or globs ({@code synth/*}, {@code *},
 * comma-separated lists).
 */
public final class EffectLibrary {

    private final Path root;

    public EffectLibrary(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    /** Effects whose id matches the selector, sorted by id; fails naming the selector when none match. */
    public List<Effect> select(String selector) {
        Path base = checkRoot();
        List<Glob> globs = new ArrayList<>();
        for (String part : selector.split(",")) {
            globs.add(new Glob(part.trim()));
        }
        List<Effect> effects = new ArrayList<>();
        try {
            for (Found found : effectFiles(base)) {
                effects.addAll(found.format().load(found.file(), base,
                        id -> globs.stream().anyMatch(g -> g.matches(id))));
            }
        } catch (IOException e) {
            throw new ToolException(ErrorCode.ENGINE_FAILED, "Cannot read effects under " + root + ": "
                    + e.getMessage(), Map.of("effects_root", root.toString()), e);
        }
        if (effects.isEmpty()) {
            throw ToolException.notFound("effect", selector, "no effect id under " + root + " matches; ids look "
                    + "like 'namespace/effect', globs like 'synth/*'");
        }
        return effects;
    }

    /** The folder to walk: the root as given, or where it leads when it is itself a link. */
    private Path checkRoot() {
        if (!Files.isDirectory(root)) {
            throw ToolException.notFound("effects root", root, "pass effects_root or set FRAMESCOPE_EFFECTS_ROOT");
        }
        Path real;
        try {
            real = root.toRealPath();
        } catch (IOException e) {
            throw ToolException.invalidArgument("effects_root", "a readable folder of effects", root.toString());
        }
        if (real.getNameCount() == 0 || SystemFolders.contains(real)) {
            throw ToolException.invalidArgument("effects_root", "a folder of effects (namespace/effect/"
                    + "definition.json or *.fs), not the file-system root or a system folder (/proc, /sys, /dev)",
                    root.toString());
        }
        return Files.isSymbolicLink(root) ? real : root;
    }

    /** A file that holds effects, and the format that holds it. */
    private record Found(EffectFile file, EffectFormat format) {
    }

    /**
     * The files some format holds, down to namespace/effect depth, sorted. Only regular files count: a FIFO would
     * block its reader for good, and a link could lead anywhere. Unreadable folders are skipped.
     */
    private static List<Found> effectFiles(Path base) throws IOException {
        List<Found> found = new ArrayList<>();
        Files.walkFileTree(base, EnumSet.noneOf(FileVisitOption.class), 3, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                if (attributes.isRegularFile()) {
                    EffectFile candidate = new EffectFile(file, attributes);
                    EffectFormats.all().stream().filter(f -> f.holds(candidate)).findFirst()
                            .ifPresent(format -> found.add(new Found(candidate, format)));
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE;
            }
        });
        found.sort(Comparator.comparing(f -> f.file().path()));
        return found;
    }
}
