package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Effects on disk in the native format: {@code <root>/<namespace>/<effect>/definition.json} with
 * {@code glsl/<program>.glsl} and {@code wgsl/<program>.wgsl} per pass. Selectors are ids or globs
 * ({@code synth/*}, {@code *}, comma-separated lists).
 */
public final class EffectLibrary {

    /** One program of an effect: its pass, name and the source files (null when the language is missing). */
    public record Program(String pass, String name, Path glsl, Path wgsl, JsonNode spec) {
    }

    public record Effect(String id, Path dir, JsonNode definition, List<Program> programs) {

        /** True for an ISF file, whose GLSL runs under {@link IsfImport#wrap}. */
        public boolean isIsf() {
            return definition.path("format").asText().equals("isf");
        }

        /** The source the runtime compiles for {@code file} of {@code program} (an ISF pass: wrapped for its index). */
        public String source(Program program, Path file) {
            try {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                return isIsf() && file.toString().endsWith(".fs")
                        ? IsfImport.wrap(text, definition, program.spec().path("passIndex").asInt(0)) : text;
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        /** Whether rendering needs the pass runtime: several passes, or images an ISF file imports. */
        public boolean usesPassRuntime() {
            return programs.size() > 1 || definition.path("imported").size() > 0;
        }
    }

    private final Path root;

    public EffectLibrary(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    /** Effects whose id matches the selector, sorted by id; fails naming the selector when none match. */
    public List<Effect> select(String selector) {
        if (!Files.isDirectory(root)) {
            throw ToolException.notFound("effects root", root, "pass effects_root or set FRAMESCOPE_EFFECTS_ROOT");
        }
        List<Pattern> patterns = new ArrayList<>();
        for (String part : selector.split(",")) {
            patterns.add(glob(part.trim()));
        }
        List<Effect> effects = new ArrayList<>();
        try (Stream<Path> files = Files.find(root, 3, (p, a) -> p.getFileName().toString().equals(
                "definition.json") || p.getFileName().toString().endsWith(".fs"))) {
            for (Path file : files.sorted().toList()) {
                boolean isf = file.toString().endsWith(".fs");
                String id = (isf ? root.relativize(file).toString().replaceFirst("\\.fs$", "")
                        : root.relativize(file.getParent()).toString()).replace('\\', '/');
                if (patterns.stream().anyMatch(p -> p.matcher(id).matches())) {
                    effects.add(isf ? loadIsf(id, file) : load(id, file));
                }
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

    private static Pattern glob(String glob) {
        StringBuilder regex = new StringBuilder();
        for (char c : glob.toCharArray()) {
            regex.append(switch (c) {
                case '*' -> "[^,]*";
                case '?' -> ".";
                default -> Pattern.quote(String.valueOf(c));
            });
        }
        return Pattern.compile(regex.toString());
    }

    private static Effect loadIsf(String id, Path file) throws IOException {
        JsonNode definition = IsfImport.definition(file);
        List<Program> programs = new ArrayList<>();
        for (JsonNode pass : definition.path("passes")) {
            programs.add(new Program(pass.get("name").asText(), definition.get("name").asText(), file, null, pass));
        }
        return new Effect(id, file.getParent(), definition, programs);
    }

    private static Effect load(String id, Path definitionFile) throws IOException {
        JsonNode definition = Json.mapper().readTree(Files.readString(definitionFile, StandardCharsets.UTF_8));
        Path dir = definitionFile.getParent();
        List<Program> programs = new ArrayList<>();
        for (JsonNode pass : definition.path("passes")) {
            String program = pass.path("program").asText();
            Path glsl = dir.resolve("glsl").resolve(program + ".glsl");
            Path wgsl = dir.resolve("wgsl").resolve(program + ".wgsl");
            programs.add(new Program(pass.path("name").asText(program), program,
                    Files.isRegularFile(glsl) ? glsl : null, Files.isRegularFile(wgsl) ? wgsl : null, pass));
        }
        return new Effect(id, dir, definition, programs);
    }
}
