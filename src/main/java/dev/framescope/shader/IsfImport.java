package dev.framescope.shader;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * ISF 2.0 effects (a {@code .fs} file starting with a {@code /*{ JSON }*\/} header) tested unchanged: INPUTS become
 * globals with ranges, an image input named {@code inputImage} makes a filter, and the file runs under a prelude that
 * declares the inputs and maps the built-ins (TIME, TIMEDELTA, FRAMEINDEX, RENDERSIZE, isf_FragNormCoord, the IMG_*
 * macros, gl_FragColor, texture2D) onto FrameScope's runtime. A {@code #line 1} after the prelude keeps diagnostics
 * on the file's own line numbers. GLSL only: WGSL is "not available". Not yet: PASSES, IMPORTED images.
 */
final class IsfImport {

    private IsfImport() {
    }

    /** The definition.json equivalent of an ISF file's header. */
    static JsonNode definition(Path file) throws IOException {
        JsonNode header = header(file);
        ObjectNode definition = Json.mapper().createObjectNode();
        definition.put("name", file.getFileName().toString().replaceFirst("\\.fs$", ""));
        definition.put("description", header.path("DESCRIPTION").asText(""));
        definition.put("format", "isf");
        ObjectNode globals = definition.putObject("globals");
        boolean filter = false;
        for (JsonNode input : header.path("INPUTS")) {
            String name = input.path("NAME").asText();
            String type = input.path("TYPE").asText();
            if (type.equals("image")) {
                filter |= name.equals("inputImage");
                continue;
            }
            ObjectNode global = globals.putObject(name);
            global.put("type", switch (type) {
                case "long" -> "int";
                case "bool", "event" -> "boolean";
                case "color" -> "vec4";
                case "point2D" -> "vec2";
                default -> "float";
            });
            global.put("uniform", name);
            for (String[] key : new String[][] {{"DEFAULT", "default"}, {"MIN", "min"}, {"MAX", "max"}}) {
                if (input.has(key[0])) {
                    global.set(key[1], input.get(key[0]));
                }
            }
        }
        ObjectNode pass = definition.putArray("passes").addObject();
        pass.put("name", "main");
        pass.put("program", definition.get("name").asText());
        if (filter) {
            pass.putObject("inputs").put("inputTex", "inputTex");
        }
        if (header.path("PASSES").size() > 1) {
            definition.put("note", "ISF PASSES are not rendered yet: only the last pass's code runs, on one pass");
        }
        return definition;
    }

    /** The file under the prelude that makes it GLSL ES 3.00 for the runtime. */
    static String wrap(String source, JsonNode definition) {
        StringBuilder prelude = new StringBuilder("""
                precision highp float;
                uniform vec2 resolution;
                uniform float time;
                out vec4 fragColor;
                #define gl_FragColor fragColor
                #define texture2D texture
                #define RENDERSIZE resolution
                #define TIME (time * 8.0)
                #define TIMEDELTA (1.0 / 60.0)
                #define FRAMEINDEX int(time * 480.0)
                #define PASSINDEX 0
                #define isf_FragNormCoord (gl_FragCoord.xy / resolution)
                #define IMG_NORM_PIXEL(img, uv) texture(img, uv)
                #define IMG_PIXEL(img, px) texture(img, (px) / resolution)
                #define IMG_THIS_PIXEL(img) texture(img, isf_FragNormCoord)
                #define IMG_THIS_NORM_PIXEL(img) texture(img, isf_FragNormCoord)
                #define IMG_SIZE(img) resolution
                """);
        if (EffectTests.isFilter(definition)) {
            prelude.append("uniform sampler2D inputTex;\n#define inputImage inputTex\n");
        }
        definition.path("globals").fields().forEachRemaining(g -> prelude.append("uniform ")
                .append(glslType(g.getValue().path("type").asText())).append(' ').append(g.getKey()).append(";\n"));
        return prelude + "#line 1\n" + source;
    }

    private static String glslType(String type) {
        return Map.of("int", "int", "boolean", "bool", "vec4", "vec4", "vec2", "vec2").getOrDefault(type, "float");
    }

    private static JsonNode header(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        int start = text.indexOf("/*");
        int end = text.indexOf("*/", start + 2);
        if (start < 0 || end < 0 || !text.substring(0, start).isBlank()) {
            throw new ToolException(ErrorCode.INVALID_ARGUMENT, file + " is not an ISF file: it does not start with a "
                    + "/*{ JSON }*/ header", Map.of("file", file.toString()));
        }
        try {
            return Json.mapper().readTree(text.substring(start + 2, end));
        } catch (IOException e) {
            throw new ToolException(ErrorCode.INVALID_ARGUMENT, "The ISF header of " + file + " is not JSON: "
                    + e.getMessage().lines().findFirst().orElse(""), Map.of("file", file.toString()), e);
        }
    }
}
