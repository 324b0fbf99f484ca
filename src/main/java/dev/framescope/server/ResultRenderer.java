package dev.framescope.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolException;
import dev.framescope.common.ToolOutput;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The text layout of tool results, a contract clients parse. Success: the body's {@code summary} on the first line,
 * a blank line, then the body as compact JSON; the same body as {@code structuredContent}, except when the result
 * carries an image (Claude Code would drop the image). Failure: {@code isError: true} and exactly the JSON
 * {@code {code, message, context}} as text.
 */
final class ResultRenderer {

    private ResultRenderer() {
    }

    static CallToolResult success(ToolOutput output, int maxOutputBytes) {
        // A body that is a tree already (the physics answers, rounded as a tree) is used as it is: a copy of a 17 KB
        // frame cost ~1 ms a call before the JIT has compiled Jackson.
        JsonNode body = output.body() instanceof JsonNode tree ? tree : Json.tree(output.body());
        String json = Json.write(body);
        String summary = body.path("summary").asText("");
        String text = summary.isEmpty() ? json : summary + "\n\n" + json;
        int size = utf8Length(text);
        if (size > maxOutputBytes) {
            Map<String, Object> context = new LinkedHashMap<>();
            context.put("result_bytes", size);
            context.put("limit_bytes", maxOutputBytes);
            throw new ToolException(ErrorCode.OUTPUT_TOO_LARGE, "The result is " + size + " bytes, over this tool's "
                    + "budget of " + maxOutputBytes + " bytes; narrow the request (a smaller range or limit).",
                    context);
        }
        CallToolResult.Builder result = CallToolResult.builder().addTextContent(text).isError(false);
        if (output instanceof ToolOutput.WithImage image) {
            result.addContent(ImageContent.builder(Base64.getEncoder().encodeToString(image.image()),
                    image.mimeType()).build());
        } else if (output instanceof ToolOutput.WithImages images) {
            images.images().forEach(image -> result.addContent(ImageContent.builder(Base64.getEncoder()
                    .encodeToString(image.image()), image.mimeType()).build()));
        } else if (body instanceof ObjectNode) {
            // The tree itself: the SDK writes it as it is, where a copy into maps cost a third of a large answer's
            // serialising (a 17 KB frame: ~2 ms a call before the JIT has compiled Jackson).
            result.structuredContent(body);
        }
        return result.build();
    }

    /** The size of {@code text} in UTF-8, without making the bytes (a 19 KB copy a call, for the budget alone). */
    static int utf8Length(String text) {
        int bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += Character.isSurrogate(c) ? 1 : 3; // a lone surrogate becomes one "?", as in String.getBytes
            }
        }
        return bytes;
    }

    static CallToolResult error(ToolException e) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("code", e.code().name());
        body.put("message", e.getMessage());
        body.put("context", e.context());
        return CallToolResult.builder().addTextContent(Json.write(body)).isError(true).build();
    }
}
