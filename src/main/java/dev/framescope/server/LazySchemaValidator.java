package dev.framescope.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Schema;
import dev.framescope.common.Json;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The SDK's default schema validator, created on first use. The SDK builds it eagerly at server start, which loads
 * the 2020-12 meta-schema, although with input validation switched off (we validate in {@link ArgumentValidator})
 * it is needed only if a tool ever declares an output schema. The SDK (2.1.0) also checks each tool's input schema
 * against the meta-schema as the tool is added; FrameScope's schemas are generated at build time and
 * {@code ToolContractTest} checks every one against the same meta-schema, so that start-up check (~60 ms of
 * cold start on the critical path) is answered without loading the validator.
 */
final class LazySchemaValidator implements JsonSchemaValidator {

    private JsonSchemaValidator delegate;

    private synchronized JsonSchemaValidator delegate() {
        if (delegate == null) {
            delegate = McpJsonDefaults.getSchemaValidator();
        }
        return delegate;
    }

    /**
     * The SDK checks each result's {@code structuredContent} against the tool's output schema. That goes to the
     * validator the arguments were just checked with ({@link ArgumentValidator#check}), compiled once per schema, so
     * the first call of a tool does not load the SDK's own validator and meta-schema (~0.5 s on a busy machine).
     */
    @Override
    public ValidationResponse validate(Map<String, Object> schema, Object structuredContent) {
        if (schema == null) {
            return delegate().validate(schema, structuredContent);
        }
        Schema compiled;
        synchronized (outputs) {
            compiled = outputs.computeIfAbsent(schema, s -> ArgumentValidator.compile(
                    Json.mapper().valueToTree(s)));
        }
        var errors = compiled.validate(structuredContent instanceof JsonNode tree ? tree
                : Json.mapper().valueToTree(structuredContent));
        if (errors.isEmpty()) {
            return ValidationResponse.asValid(null);
        }
        return ValidationResponse.asInvalid("structuredContent does not match the tool's outputSchema: "
                + errors.get(0).getMessage());
    }

    /** By identity: the SDK passes each tool's own schema map on every call. */
    private final Map<Map<String, Object>, Schema> outputs = new IdentityHashMap<>();

    @Override
    public ValidationResponse validateSchema(Map<String, Object> schema) {
        return ValidationResponse.asValid(null);
    }
}
