package dev.framescope.shader.formats;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A regular file the library found under the effects root (down to namespace/effect depth), offered to each format in
 * turn ({@link EffectFormat#holds}). Its text is read at most once however many formats look into it, and a file
 * that cannot be read as UTF-8 holds no effect. Not thread-safe: one walk owns it.
 */
public final class EffectFile {

    /** Largest .glsl or .json file read to see whether it is a transition or a Shadertoy shader. */
    static final long MAX_SNIFFED_BYTES = 1 << 20;

    private final Path path;
    private final BasicFileAttributes attributes;
    private String text;
    private boolean read;

    public EffectFile(Path path, BasicFileAttributes attributes) {
        this.path = path;
        this.attributes = attributes;
    }

    public Path path() {
        return path;
    }

    String name() {
        return path.getFileName() == null ? "" : path.getFileName().toString();
    }

    /** The file's text, or null when it is not readable UTF-8. */
    String text() {
        if (!read) {
            read = true;
            try {
                text = Files.readString(path, StandardCharsets.UTF_8);
            } catch (IOException e) {
                text = null; // unreadable or not UTF-8: not a shader FrameScope can run
            }
        }
        return text;
    }

    /** Whether the file is small enough to be read to see what it holds. */
    boolean isSniffable() {
        return attributes.size() <= MAX_SNIFFED_BYTES;
    }

    /**
     * A {@code .glsl} file that is no native or noisemaker effect's program (those sit in a {@code glsl/} folder
     * beside the definition) and small enough to read: a gl-transition or a Shadertoy shader, if its text says so.
     */
    boolean isLooseGlsl() {
        return name().endsWith(".glsl") && isSniffable()
                && !Files.isRegularFile(path.getParent().resolveSibling("definition.json"))
                && !Files.isRegularFile(path.getParent().resolveSibling(NoisemakerImport.FILE));
    }

    /** The id of an effect that is this file: its path under the root without the extension. */
    String fileId(Path root) {
        return root.relativize(path).toString().replaceFirst("\\.(fs|glsl|json)$", "").replace('\\', '/');
    }

    /** The id of an effect that is this file's folder (a definition.json or definition.js names its folder). */
    String folderId(Path root) {
        return root.relativize(path.getParent()).toString().replace('\\', '/');
    }

    /**
     * Whether {@code file} lies outside {@code dir}, by its name ("../../x") or, once it exists, by where its links
     * lead: an effect reads only its own files.
     */
    public static boolean outside(Path dir, Path file) {
        if (!file.normalize().startsWith(dir.normalize())) {
            return true;
        }
        try {
            return Files.exists(file) && !file.toRealPath().startsWith(dir.toRealPath());
        } catch (IOException e) {
            return true;
        }
    }
}
