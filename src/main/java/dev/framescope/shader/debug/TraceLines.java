package dev.framescope.shader.debug;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.shader.debug.VulkanGlsl.Converted;
import dev.framescope.shader.debug.VulkanGlsl.Origin;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * RenderDoc's trace names lines of the text glslang compiled; these are put back on the effect's own file: every
 * {@code source} object becomes {file, line, text, part}, where part {@code effect} is the pass's own code (its file
 * and line), {@code common} a Shadertoy Common tab, and {@code prelude} FrameScope's or the format's wrapper (no line
 * of the author's, said so), and {@code source_lines_run} lists the effect's lines only.
 */
public final class TraceLines {

    /** How RenderDoc names a loose uniform glslang put in the default block: the effect knows it by its own name. */
    private static final String BLOCK_PREFIX = SpirvCompiler.BLOCK + "_var.";
    /** Fields whose text names lines of the compiled text ("line 13"). */
    private static final Set<String> LINE_WORDS = Set.of("summary", "why");
    private static final Pattern LINE = Pattern.compile("\\bline (\\d+)");

    private TraceLines() {
    }

    /** "line N" of the compiled text as the effect's line, or as the prelude's. */
    private static String lines(String said, Converted converted) {
        Matcher m = LINE.matcher(said);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            Origin origin = converted.origin(Integer.parseInt(m.group(1)));
            m.appendReplacement(out, Matcher.quoteReplacement(origin.part() == VulkanGlsl.Part.prelude
                    ? "a line of FrameScope's prelude" : "line " + origin.line()));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Rewrites {@code trace} in place. {@code file}: the pass's source file as the answer names it. */
    public static void remap(JsonNode trace, Converted converted, String file) {
        String[] text = converted.shown().split("\n", -1);
        walk(trace, converted, file, text);
        if (trace instanceof ObjectNode o) {
            o.put("source_file", file);
            JsonNode run = o.path("source_lines_run");
            if (run.path("preview").isArray()) {
                ArrayNode lines = o.arrayNode();
                int prelude = 0;
                for (JsonNode n : run.get("preview")) {
                    Origin origin = converted.origin(n.asInt());
                    if (origin.part() == VulkanGlsl.Part.effect) {
                        lines.add(origin.line());
                    } else {
                        prelude++;
                    }
                }
                ((ObjectNode) run).set("preview", lines);
                ((ObjectNode) run).put("prelude_lines_left_out", prelude);
            }
        }
    }

    private static void walk(JsonNode node, Converted converted, String file, String[] text) {
        if (node instanceof ObjectNode o) {
            JsonNode source = o.get("source");
            if (source instanceof ObjectNode s && s.path("line").isInt()) {
                o.set("source", mapped(s, converted, file, text));
            }
            for (Map.Entry<String, JsonNode> e : o.properties()) {
                if (e.getValue().isTextual()) {
                    String said = e.getValue().asText().replace(BLOCK_PREFIX, "");
                    o.put(e.getKey(), LINE_WORDS.contains(e.getKey()) ? lines(said, converted) : said);
                } else if (!e.getKey().equals("source")) {
                    walk(e.getValue(), converted, file, text);
                }
            }
        } else if (node instanceof ArrayNode a) {
            a.forEach(n -> walk(n, converted, file, text));
        }
    }

    private static ObjectNode mapped(ObjectNode source, Converted converted, String file, String[] text) {
        int line = source.get("line").asInt();
        Origin origin = converted.origin(line);
        ObjectNode out = source.objectNode();
        out.put("part", origin.part().name());
        String said = line >= 1 && line <= text.length ? text[line - 1] : source.path("text").asText(null);
        switch (origin.part()) {
            case effect -> out.put("file", file).put("line", origin.line()).put("text", said);
            case common -> out.put("file", file + " (Common tab)").put("line", origin.line()).put("text", said);
            default -> out.putNull("file").putNull("line").put("text", said).put("note",
                    "a line of FrameScope's prelude or wrapper around the effect's code, not of its file");
        }
        return out;
    }
}
