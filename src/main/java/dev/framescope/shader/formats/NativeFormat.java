package dev.framescope.shader.formats;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * FrameScope's own format: {@code <root>/<namespace>/<effect>/definition.json} with {@code glsl/<program>.glsl} and
 * {@code wgsl/<program>.wgsl} per pass, each file compiled as written.
 */
final class NativeFormat implements EffectFormat {

    @Override
    public String name() {
        return Effect.NATIVE;
    }

    @Override
    public boolean holds(EffectFile file) {
        return file.name().equals("definition.json");
    }

    @Override
    public List<Effect> load(EffectFile file, Path root, Predicate<String> wanted) throws IOException {
        String id = file.folderId(root);
        if (!wanted.test(id)) {
            return List.of();
        }
        JsonNode definition = readDefinition(file.path());
        Path dir = file.path().getParent();
        List<Program> programs = new ArrayList<>();
        for (JsonNode pass : definition.path("passes")) {
            String program = pass.path("program").asText();
            String name = pass.path("name").asText(program);
            Path glsl = dir.resolve("glsl").resolve(program + ".glsl").normalize();
            Path wgsl = dir.resolve("wgsl").resolve(program + ".wgsl").normalize();
            if (EffectFile.outside(dir, glsl) || EffectFile.outside(dir, wgsl)) {
                programs.add(new Program(name, program, null, null, pass, "program '" + program + "' leads outside "
                        + "the effect's folder " + dir + "; a program names files in its glsl/ and wgsl/ folders"));
                continue;
            }
            programs.add(new Program(name, program, Files.isRegularFile(glsl) ? glsl : null,
                    Files.isRegularFile(wgsl) ? wgsl : null, pass));
        }
        return List.of(new Effect(id, dir, definition, programs, root));
    }

    /** The definition, or an error that says where the JSON breaks without quoting the file. */
    private static JsonNode readDefinition(Path file) throws IOException {
        try {
            return Json.mapper().readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            var where = e.getLocation();
            throw new ToolException(ErrorCode.INVALID_ARGUMENT, file + " is not valid JSON"
                    + (where == null ? "" : " (line " + where.getLineNr() + ", column " + where.getColumnNr() + ")"),
                    Map.of("file", file.toString()));
        } catch (MalformedInputException e) {
            throw new ToolException(ErrorCode.INVALID_ARGUMENT, file + " is not UTF-8 text",
                    Map.of("file", file.toString()));
        }
    }

    @Override
    public String source(Effect effect, Program program, Path file, Map<String, Object> uniforms) {
        return read(file);
    }

    /** A program's text as written. */
    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void putPasses(Map<String, Object> options, Effect effect, FrameInputs frame) {
        options.put("passes", PagePasses.of(effect, frame, PagePasses::specInputs, (program, pass) -> {
        }));
    }
}
