package dev.framescope.server;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
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

    @Override
    public ValidationResponse validate(Map<String, Object> schema, Object structuredContent) {
        return delegate().validate(schema, structuredContent);
    }

    @Override
    public ValidationResponse validateSchema(Map<String, Object> schema) {
        return ValidationResponse.asValid(null);
    }
}
