package dev.framescope.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ClientCapabilities;
import io.modelcontextprotocol.spec.McpSchema.CreateMessageRequest;
import io.modelcontextprotocol.spec.McpSchema.CreateMessageResult;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import io.modelcontextprotocol.spec.McpSchema.Role;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * render_effect_frame with describe through the built JAR: the frame comes back as an image; a client that offers MCP sampling
 * receives the same PNG in a sampling request and its model's answer comes back in the result; a client without
 * sampling gets status not_supported. The "model" here is the test client's sampling handler: no model runs here.
 */
@Timeout(120)
class DescribeFrameIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static McpSyncClient client(Function<CreateMessageRequest, CreateMessageResult> sampling) {
        return BuiltJar.client(spec -> sampling == null ? spec
                : spec.capabilities(ClientCapabilities.builder().sampling().build()).sampling(sampling));
    }

    private static JsonNode body(CallToolResult result) throws Exception {
        String text = ((TextContent) result.content().get(0)).text();
        return JSON.readTree(text.substring(text.indexOf('{')));
    }

    @Test
    void theClientsModelSeesTheFrameAndItsAnswerComesBack() throws Exception {
        AtomicReference<CreateMessageRequest> asked = new AtomicReference<>();
        McpSyncClient client = client(request -> {
            asked.set(request);
            return CreateMessageResult.builder(Role.ASSISTANT, "A blue-to-orange horizontal gradient.", "test-model")
                    .build();
        });
        try {
            CallToolResult result = client.callTool(new CallToolRequest("render_effect_frame",
                    Map.of("effect", "synth/gradient", "describe", true, "width", 64, "height", 32, "max_tokens", 200)));
            assertFalse(Boolean.TRUE.equals(result.isError()), result.toString());
            JsonNode body = body(result);
            assertEquals("synth/gradient", body.get("image_of").asText());
            assertEquals("ok", body.at("/model_description/status").asText(), body.toString());
            assertEquals("test-model", body.at("/model_description/model").asText());
            assertEquals("A blue-to-orange horizontal gradient.", body.at("/model_description/text").asText());
            JsonNode described = body.at("/effects/preview/0/description");
            assertTrue(described.get("left_to_right").asDouble() > 0.1, "orange (right) is brighter than blue");
            assertTrue(body.get("summary").asText().contains("brighter to the right"), body.toString());

            ImageContent image = (ImageContent) result.content().get(1);
            CreateMessageRequest request = asked.get();
            assertNotNull(request, "the server asked the client's model");
            assertEquals(200, request.maxTokens());
            ImageContent sent = (ImageContent) request.messages().get(0).content();
            assertEquals(image.data(), sent.data(), "the model saw the frame the tool returned");
            BufferedImage png = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(sent.data())));
            assertEquals(64, png.getWidth());
            assertEquals(32, png.getHeight());
        } finally {
            client.closeGracefully();
        }
    }

    @Test
    void withoutSamplingTheDescriptionComesFromThePixelsAlone() throws Exception {
        McpSyncClient client = client(null);
        try {
            // by the tool's name before it was folded into render_effect_frame: describe is implied
            CallToolResult result = client.callTool(new CallToolRequest("describe_effect_frame",
                    Map.of("effect", "synth/gradient", "backend", "webgpu", "width", 32, "height", 32)));
            JsonNode body = body(result);
            assertEquals("not_supported", body.at("/model_description/status").asText(), body.toString());
            assertEquals("webgpu", body.at("/effects/preview/0/backend").asText());
            assertTrue(body.at("/effects/preview/0/renderer").asText().toLowerCase().contains("swiftshader"));
            assertTrue(result.content().get(1) instanceof ImageContent);
        } finally {
            client.closeGracefully();
        }
    }
}
