package dev.framescope.renderdoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import dev.framescope.common.Config;
import dev.framescope.common.Json;
import dev.framescope.common.ToolContext;
import dev.framescope.server.ToolGroups;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden shapes of the RenderDoc answers: every tool is called on the committed captures (the GL and Vulkan defect
 * fixtures and vkcube) in each of its answer variants, and every real answer is checked against its tool's schema
 * file, closed: a key that the schema does not declare, at any depth, fails, so the bridge cannot grow its answers
 * without the schema saying so (and AnswerSchemasTest then asks for a schema_version bump). Writing tools write into
 * a temporary FRAMESCOPE_OUTPUT_DIR.
 */
@Timeout(300)
class AnswerSchemasIT {

    /**
     * Per capture: the float target, another colour target that is not float, the depth target, a buffer, a pixel
     * the debugged draw covers, and the division its pixel shader guards for replace_shader (null: no source).
     */
    private record Fixture(String name, String target, String notFloat, String depth, String buffer, int[] pixel,
                           String division) {
        String capture() {
            return "demo/captures/" + name + ".rdc";
        }
    }

    private static final List<Fixture> FIXTURES = List.of(
            new Fixture("gl_defects", "hdr_color", "ui_color", "scene_depth", "positions", new int[] {20, 20},
                    "zero / zero"),
            new Fixture("vk_defects", "hdr_color", "scene_depth", "scene_depth", "positions", new int[] {20, 20},
                    "draw.zero / draw.zero"),
            new Fixture("vkcube", "135", "164", "160", "169", new int[] {250, 250}, null));

    /** One call and its answer. */
    private record Answered(String tool, Map<String, Object> arguments, JsonNode answer) {
    }

    @TempDir
    static Path state;
    @TempDir
    static Path output;
    private static final List<Answered> answers = new ArrayList<>();
    private static final Set<String> renderDocTools = new TreeSet<>();

    @BeforeAll
    static void callEveryToolInEveryVariant() throws Exception {
        ToolGroups.Toolkit toolkit = ToolGroups.create(Config.fromEnvironment(Map.of(
                "FRAMESCOPE_STATE_DIR", state.toString(), "FRAMESCOPE_OUTPUT_DIR", output.toString())));
        toolkit.registry().groups().stream().filter(g -> g.name().equals("renderdoc"))
                .flatMap(g -> g.tools().stream()).forEach(t -> renderDocTools.add(t.name()));
        for (Fixture f : FIXTURES) {
            String c = f.capture();
            call(toolkit, "open_capture", "capture", c);
            call(toolkit, "open_capture", "capture", c, "overview", true);
            JsonNode digest = call(toolkit, "get_frame_digest", "capture", c);
            for (JsonNode a : digest.at("/anomalies/preview")) { // an API call's insight (api_call, its finding)
                if (a.path("code").asText().startsWith("api_")) {
                    call(toolkit, "get_event_insight", "capture", c, "event_id", a.get("event_id").asInt());
                    break;
                }
            }
            JsonNode draws = call(toolkit, "iterate_actions", "capture", c, "draws_only", true);
            call(toolkit, "iterate_actions", "capture", c);
            call(toolkit, "iterate_actions", "capture", c, "query", f.name().equals("vkcube") ? "image" : "quad");
            JsonNode nanDraw = call(toolkit, "iterate_actions", "capture", c, "marker_filter", "NaN quad",
                    "draws_only", true).at("/preview/0");
            int event = (nanDraw.isMissingNode() ? draws.at("/preview/0") : nanDraw).path("event_id").asInt();
            call(toolkit, "get_event_insight", "capture", c, "event_id", event);
            call(toolkit, "analyze_nan_inf", "capture", c);
            call(toolkit, "analyze_nan_inf", "capture", c, "texture", f.notFloat());
            call(toolkit, "analyze_nan_inf", "capture", c, "texture", f.target(), "x", 20, "y", 20);
            call(toolkit, "geometry_anomalies", "capture", c);
            call(toolkit, "pixel_history", "capture", c, "texture", f.target(), "x", 20, "y", 20);
            call(toolkit, "get_texture", "capture", c);
            call(toolkit, "get_texture", "capture", c, "texture", f.target(), "width", 2, "height", 2);
            call(toolkit, "get_texture", "capture", c, "texture", f.target(), "encoding", "base64");
            call(toolkit, "get_texture", "capture", c, "texture", f.depth());
            call(toolkit, "get_shader_info", "capture", c, "event_id", event);
            call(toolkit, "get_shader_info", "capture", c, "event_id", event, "stage", "vertex",
                    "include_constants", true, "include_disassembly", true);
            call(toolkit, "get_shader_info", "capture", c, "event_id", event, "include_constants", true);
            call(toolkit, "debug_shader", "capture", c, "event_id", event, "x", f.pixel()[0], "y", f.pixel()[1],
                    "step", 1);
            call(toolkit, "debug_shader", "capture", c, "event_id", event, "vertex", 0);
            replaceAndRestore(toolkit, f, event);
            call(toolkit, "get_buffer_contents", "capture", c, "buffer", f.buffer());
            call(toolkit, "get_buffer_contents", "capture", c, "buffer", f.buffer(), "as_floats", true);
            call(toolkit, "get_counters", "capture", c);
            call(toolkit, "save_texture", "capture", c, "texture", f.target(),
                    "output", output.resolve(f.name() + ".png").toString());
            call(toolkit, "save_texture", "capture", c, "texture", f.target(),
                    "output", output.resolve(f.name() + ".exr").toString(), "format", "exr");
            call(toolkit, "copy_capture", "capture", c, "output", output.resolve(f.name() + ".rdc").toString());
            call(toolkit, "diff_captures", "capture", c, "other_capture", c);
            callEveryToolWithOnlyWhatItRequires(toolkit, f, event);
        }
        String gl = FIXTURES.get(0).capture();
        call(toolkit, "diff_captures", "capture", gl, "other_capture", "demo/captures/gl_defects_fixed.rdc");
        call(toolkit, "diff_captures", "capture", gl, "other_capture", FIXTURES.get(1).capture());
    }

    /** replace_shader's answers: replaced (and seen by open_capture and the digest), restored, nothing to restore. */
    private static void replaceAndRestore(ToolGroups.Toolkit toolkit, Fixture f, int event) throws Exception {
        String c = f.capture();
        if (f.division() != null) {
            String source = call(toolkit, "get_shader_info", "capture", c, "event_id", event)
                    .at("/source_files/0/source").asText();
            String zero = f.division().substring(0, f.division().indexOf(' '));
            call(toolkit, "replace_shader", "capture", c, "event_id", event, "source", source.replace(f.division(),
                    "(" + zero + " == 0.0 ? 0.0 : " + f.division() + ")"), "pixels", List.of(Map.of("x", 20, "y", 20)));
            call(toolkit, "open_capture", "capture", c);
            call(toolkit, "get_frame_digest", "capture", c);
            call(toolkit, "replace_shader", "capture", c, "event_id", event, "restore", true);
        }
        call(toolkit, "replace_shader", "capture", c, "restore", true);
    }

    /**
     * Every RenderDoc tool of the registry, called with its required parameters only, each filled by its name from
     * the fixture: a tool added to the group is answered here, and its answer checked against its schema, without a
     * line of its own (the variants above are what a tool adds when a parameter changes its answer's shape). A tool
     * that needs one of several parameters says which in its INVALID_ARGUMENT error, and that one is added, so the
     * error's {@code context.parameter} is checked on the way. A parameter this table does not know fails the run,
     * naming it.
     */
    private static void callEveryToolWithOnlyWhatItRequires(ToolGroups.Toolkit toolkit, Fixture f, int event)
            throws Exception {
        for (String tool : renderDocTools) {
            JsonNode schema = toolkit.registry().listedInputSchema(toolkit.registry().find(tool).orElseThrow());
            Map<String, Object> arguments = new LinkedHashMap<>();
            for (JsonNode name : schema.path("required")) {
                arguments.put(name.asText(), fill(tool, name.asText(), f, event, schema));
            }
            CallToolResult result = answer(toolkit, tool, arguments);
            for (int asked = 0; asked < 3 && Boolean.TRUE.equals(result.isError()); asked++) {
                JsonNode error = Json.mapper().readTree(text(result));
                String wanted = error.at("/context/parameter").asText();
                if (!error.path("code").asText().equals("INVALID_ARGUMENT") || wanted.isEmpty()
                        || arguments.containsKey(wanted)) {
                    break;
                }
                if (wanted.equals("source") && schema.at("/properties/restore").isObject()) {
                    arguments.put("restore", true); // no one source fits every capture: the call's undo instead
                } else {
                    arguments.put(wanted, fill(tool, wanted, f, event, schema));
                }
                result = answer(toolkit, tool, arguments);
            }
            record(tool, arguments, result);
        }
    }

    /** A parameter's value on this fixture, by the parameter's name. */
    private static Object fill(String tool, String parameter, Fixture f, int event, JsonNode schema) {
        return switch (parameter) {
            case "capture", "other_capture" -> f.capture();
            case "event_id" -> event;
            case "texture" -> f.target();
            case "buffer" -> f.buffer();
            case "x" -> f.pixel()[0];
            case "y" -> f.pixel()[1];
            case "output" -> output.resolve(f.name() + "-" + tool + "-required"
                    + extension(schema.at("/properties/output/description").asText())).toString();
            default -> throw new AssertionError(tool + " needs " + parameter + ", which this test cannot fill: add it"
                    + " to AnswerSchemasIT.fill");
        };
    }

    /** The first file extension a parameter's description names ("File to write (.png or .exr)." → ".png"). */
    private static String extension(String description) {
        Matcher named = Pattern.compile("\\(\\.([a-z]+)").matcher(description);
        return named.find() ? "." + named.group(1) : "";
    }

    private static JsonNode call(ToolGroups.Toolkit toolkit, String tool, Object... keyValues) throws Exception {
        Map<String, Object> arguments = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            arguments.put((String) keyValues[i], keyValues[i + 1]);
        }
        return call(toolkit, tool, arguments);
    }

    private static JsonNode call(ToolGroups.Toolkit toolkit, String tool, Map<String, Object> arguments)
            throws Exception {
        return record(tool, arguments, answer(toolkit, tool, arguments));
    }

    /** Keeps the answer for the schema checks; an error answer fails the run. */
    private static JsonNode record(String tool, Map<String, Object> arguments, CallToolResult result)
            throws Exception {
        assertFalse(Boolean.TRUE.equals(result.isError()), tool + " " + arguments + ": " + text(result));
        JsonNode answer = Json.mapper().readTree(text(result));
        answers.add(new Answered(tool, Map.copyOf(arguments), answer));
        return answer;
    }

    private static CallToolResult answer(ToolGroups.Toolkit toolkit, String tool, Map<String, Object> arguments) {
        return toolkit.invoker().call(toolkit.registry().find(tool).orElseThrow(), arguments, ToolContext.SILENT);
    }

    /** The result's JSON: the text after its summary line. */
    private static String text(CallToolResult result) {
        String text = ((TextContent) result.content().get(0)).text();
        return text.substring(Math.max(0, text.indexOf('{')));
    }

    @Test
    void everyAnswerHasExactlyTheShapeItsSchemaDeclares() {
        Set<String> tools = new TreeSet<>();
        answers.forEach(a -> tools.add(a.tool()));
        Map<String, Schema> schemas = AnswerSchemas.closed(tools);
        List<String> problems = new ArrayList<>();
        for (Answered a : answers) {
            List<Error> errors = schemas.get(a.tool()).validate(a.answer());
            if (!errors.isEmpty()) {
                problems.add(a.tool() + " " + a.arguments() + ": " + errors);
            }
        }
        assertEquals(List.of(), problems);
        assertEquals(renderDocTools, tools, "every RenderDoc tool is called");
    }

    /** Each variant a parameter picks was answered, so each branch of its schema met a real answer. */
    @Test
    void everyAnswerVariantWasSeen() {
        assertSeen("open_capture", "/overview", true);
        assertSeen("open_capture", "/overview", false);
        assertSeen("open_capture", "/overview/debug_messages/preview/0/attributed_by", true);
        assertSeen("get_event_insight", "/api_call", true);
        assertSeen("get_event_insight", "/findings/0/attributed_by", true);
        assertSeen("iterate_actions", "/query", true);
        assertSeen("iterate_actions", "/query", false);
        assertSeen("analyze_nan_inf", "/targets", true);
        assertSeen("analyze_nan_inf", "/targets/0/skipped", true);
        assertSeen("analyze_nan_inf", "/mode", true);
        assertSeen("get_texture", "/texture", false);
        assertSeen("get_texture", "/rows", true);
        assertSeen("get_texture", "/data", true);
        assertSeen("get_texture", "/values_unavailable", true);
        assertSeen("get_shader_info", "/constants", true);
        assertSeen("get_shader_info", "/disassembly", true);
        assertSeen("get_shader_info", "/constants", false);
        assertSeen("get_buffer_contents", "/floats", true);
        assertSeen("get_buffer_contents", "/floats", false);
        assertSeen("save_texture", "/format", true);
        assertSeen("diff_captures", "/draws", true);
        assertSeen("diff_captures", "/draws", false);
        assertSeen("diff_captures", "/pixels/image/legend", true);
        assertSeen("open_capture", "/replacements", true);
        assertSeen("get_frame_digest", "/replacements", true);
        assertSeen("debug_shader", "/variables", true);
        assertSeen("debug_shader", "/first_non_finite/operands", true);
        assertSeen("debug_shader", "/message", true);
        assertSeen("debug_shader", "/vertex", true);
        assertSeen("replace_shader", "/picture/layout", true);
        assertSeen("replace_shader", "/restored/0/shader", true);
        assertSeen("replace_shader", "/event_id", false);
    }

    private static void assertSeen(String tool, String pointer, boolean present) {
        assertTrue(answers.stream().anyMatch(a -> a.tool().equals(tool) && a.answer().at(pointer).isMissingNode()
                != present), tool + " answered " + (present ? "with " : "without ") + pointer);
    }
}
