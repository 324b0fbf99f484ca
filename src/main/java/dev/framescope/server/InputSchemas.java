package dev.framescope.server;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.victools.jsonschema.generator.FieldScope;
import com.github.victools.jsonschema.generator.Option;
import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import dev.framescope.common.Json;
import dev.framescope.common.Param;
import java.math.BigDecimal;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Generates a tool's JSON input schema (2020-12) from its input record, configured once here: property names follow
 * {@link Json}'s snake_case mapping unless {@code @JsonProperty} says otherwise, descriptions, ranges and required
 * flags come from {@link Param}, defaults from the record's own constructor ({@link RecordDefaults}), and unknown
 * properties are forbidden. Schemas are cached per record type.
 */
final class InputSchemas {

    private final SchemaGenerator generator;
    private final Map<Class<?>, ObjectNode> cache = new ConcurrentHashMap<>();

    InputSchemas() {
        var builder = new SchemaGeneratorConfigBuilder(Json.mapper(), SchemaVersion.DRAFT_2020_12,
                OptionPreset.PLAIN_JSON)
                .with(Option.FORBIDDEN_ADDITIONAL_PROPERTIES_BY_DEFAULT, Option.MAP_VALUES_AS_ADDITIONAL_PROPERTIES)
                .without(Option.SCHEMA_VERSION_INDICATOR);
        var fields = builder.forFields();
        fields.withPropertyNameOverrideResolver(InputSchemas::jsonName);
        // A list's items and a map's values would repeat the parameter's description; the parameter says it once.
        fields.withDescriptionResolver(f -> param(f) == null || f.isFakeContainerItemScope() ? null : param(f).value());
        fields.withRequiredCheck(f -> param(f) != null && param(f).required());
        fields.withNumberInclusiveMinimumResolver(f -> bound(f, true));
        fields.withNumberInclusiveMaximumResolver(f -> bound(f, false));
        fields.withStringMaxLengthResolver(f -> f.isContainerType() ? null : maxLength(f));
        fields.withArrayMaxItemsResolver(f -> f.isContainerType() ? maxLength(f) : null);
        fields.withDefaultResolver(InputSchemas::defaultValue);
        this.generator = new SchemaGenerator(builder.build());
    }

    /** The input schema of {@code argsType}; callers must not modify it. */
    ObjectNode schemaOf(Class<?> argsType) {
        return cache.computeIfAbsent(argsType, type -> {
            ObjectNode schema = generator.generateSchema(type);
            if (!schema.has("properties")) {
                schema.putObject("properties");
            }
            allowIntegers(type, (ObjectNode) schema.get("properties"));
            return reparsed(schema);
        });
    }

    /** As plain JSON text parses back (500, not a BigDecimal node), so it equals the build-time catalog's copy. */
    private static ObjectNode reparsed(ObjectNode schema) {
        try {
            return (ObjectNode) Json.mapper().readTree(schema.toString());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * String parameters marked {@link Param#alsoInteger()} take a string or an integer, said as {@code anyOf} (see
     * {@link OutputSchemas#oneOfTypes}: strict clients refuse a list as {@code type}).
     */
    private static void allowIntegers(Class<?> type, ObjectNode properties) {
        if (!type.isRecord()) {
            return;
        }
        for (var component : type.getRecordComponents()) {
            Param p = component.getAnnotation(Param.class);
            JsonProperty explicit = component.getAnnotation(JsonProperty.class);
            String name = explicit != null && !explicit.value().isEmpty() ? explicit.value()
                    : Json.SNAKE.translate(component.getName());
            if (p != null && p.alsoInteger() && properties.get(name) instanceof ObjectNode property) {
                property.remove("type");
                property.setAll(OutputSchemas.oneOfTypes("string", "integer"));
            }
        }
    }

    private static Param param(FieldScope field) {
        return field.getAnnotationConsideringFieldAndGetter(Param.class);
    }

    private static String jsonName(FieldScope field) {
        JsonProperty explicit = field.getAnnotationConsideringFieldAndGetter(JsonProperty.class);
        if (explicit != null && !explicit.value().isEmpty()) {
            return explicit.value();
        }
        return Json.SNAKE.translate(field.getDeclaredName());
    }

    private static BigDecimal bound(FieldScope field, boolean lower) {
        Param p = param(field);
        // On a list of numbers the range bounds each item, not the list.
        if (p == null || field.isContainerType() && !field.isFakeContainerItemScope()) {
            return null;
        }
        double value = lower ? p.min() : p.max();
        if (Double.isNaN(value)) {
            return null;
        }
        // Integral bounds as plain integers: BigDecimal.valueOf(500.0).stripTrailingZeros() would print 5E+2.
        return value == Math.rint(value) ? BigDecimal.valueOf((long) value) : BigDecimal.valueOf(value);
    }

    private static Integer maxLength(FieldScope field) {
        Param p = param(field);
        return p == null || p.maxLength() < 0 || field.isFakeContainerItemScope() ? null : p.maxLength();
    }

    /** What the record's constructor makes of this parameter when absent ({@link RecordDefaults}). */
    private static Object defaultValue(FieldScope field) {
        if (field.isFakeContainerItemScope()) {
            return null;
        }
        JsonNode value = RecordDefaults.of(field.getDeclaringType().getErasedType(), field.getDeclaredName());
        try {
            return value == null ? null : Json.mapper().treeToValue(value, Object.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
