package dev.framescope.common;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;

/**
 * The one ObjectMapper for FrameScope's own JSON: tool arguments, results, bridge messages and tests. JSON names are
 * snake_case mapped from Java camelCase, absent values are omitted, and unknown input properties are an error so a
 * mistyped parameter is reported instead of ignored. The MCP SDK keeps its own mapper for protocol messages.
 */
public final class Json {

    /**
     * camelCase to snake_case with an underscore before every capital, so one-letter words and units survive:
     * {@code bodyAId} → {@code body_a_id}, {@code speedMPerS} → {@code speed_m_per_s} (Jackson's own SNAKE_CASE
     * merges capital runs: {@code body_aid}).
     */
    public static final PropertyNamingStrategies.NamingBase SNAKE = new PropertyNamingStrategies.NamingBase() {
        @Override
        public String translate(String name) {
            StringBuilder out = new StringBuilder(name.length() + 8);
            for (char c : name.toCharArray()) {
                if (Character.isUpperCase(c)) {
                    out.append('_').append(Character.toLowerCase(c));
                } else {
                    out.append(c);
                }
            }
            return out.toString();
        }
    };

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(SNAKE)
            // nulls left out of records and of maps' values alike (a page result's absent "unavailable" stays absent)
            .defaultPropertyInclusion(JsonInclude.Value.construct(JsonInclude.Include.NON_NULL,
                    JsonInclude.Include.NON_NULL))
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .addModule(new SimpleModule("non-finite-as-null")
                    .addSerializer(Double.class, NonFiniteAsNull.INSTANCE)
                    .addSerializer(double.class, NonFiniteAsNull.INSTANCE))
            .build();

    /**
     * NaN and ±Infinity are not JSON; Jackson would write them as strings. A missing measurement (MSD-CPP stores
     * NaN as NULL) reads best as null; tools that must distinguish NaN from Inf report that in their own fields.
     */
    private static final class NonFiniteAsNull extends StdSerializer<Double> {
        private static final long serialVersionUID = 1L;
        static final NonFiniteAsNull INSTANCE = new NonFiniteAsNull();

        private NonFiniteAsNull() {
            super(Double.class);
        }

        @Override
        public void serialize(Double value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            if (Double.isFinite(value)) {
                gen.writeNumber(value);
            } else {
                gen.writeNull();
            }
        }
    }

    private Json() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    public static JsonNode tree(Object value) {
        return MAPPER.valueToTree(value);
    }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + value.getClass().getName(), e);
        }
    }

    public static String pretty(Object value) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + value.getClass().getName(), e);
        }
    }

    /** JSON text of {@code value}, cut to {@code maxChars} with an ellipsis, for error messages. */
    public static String compact(Object value, int maxChars) {
        String text;
        try {
            text = MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            text = String.valueOf(value);
        }
        return text.length() <= maxChars ? text : text.substring(0, maxChars) + "…";
    }
}
