package dev.framescope.server;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import java.util.Map;

/**
 * The SDK's default schema validator, created on first use. The SDK builds it eagerly at server start, which loads
 * the 2020-12 meta-schema (~30 ms of cold start), although with input validation switched off (we validate in
 * {@link ArgumentValidator}) it is needed only if a tool ever declares an output schema.
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
        return delegate().validateSchema(schema);
    }
}
