package dev.framescope.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.framescope.common.Json;
import dev.framescope.common.Param;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The defaults of an input record, read from the record itself: it is built with every component absent (null, or
 * zero for a primitive), and what its compact constructor put in each component is that parameter's default. So a
 * default is written once, in the constructor, and the schema cannot disagree with it. Left out: components the
 * constructor leaves absent, empty lists and maps (absent already means none), and components whose default follows
 * another parameter ({@link Param#defaultDependsOn()}). Thread-safe; computed once per record type.
 */
final class RecordDefaults {

    private static final Map<Class<?>, Map<String, JsonNode>> CACHE = new ConcurrentHashMap<>();

    private RecordDefaults() {
    }

    /** The default of {@code component} of {@code record} as JSON, or null when it has none to show. */
    static JsonNode of(Class<?> record, String component) {
        return record.isRecord() ? CACHE.computeIfAbsent(record, RecordDefaults::read).get(component) : null;
    }

    private static Map<String, JsonNode> read(Class<?> record) {
        RecordComponent[] components = record.getRecordComponents();
        Object built = buildAbsent(record, components);
        Map<String, JsonNode> defaults = new LinkedHashMap<>();
        for (RecordComponent component : components) {
            Param param = component.getAnnotation(Param.class);
            Object value = valueOf(component, built);
            boolean emptyContainer = value instanceof Collection<?> c && c.isEmpty()
                    || value instanceof Map<?, ?> m && m.isEmpty();
            if (value != null && !component.getType().isPrimitive() && !emptyContainer
                    && (param == null || param.defaultDependsOn().isEmpty())) {
                defaults.put(component.getName(), Json.mapper().valueToTree(value));
            }
        }
        return defaults;
    }

    private static Object buildAbsent(Class<?> record, RecordComponent[] components) {
        Class<?>[] types = new Class<?>[components.length];
        Object[] absent = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            absent[i] = zeroOf(types[i]);
        }
        try {
            Constructor<?> canonical = record.getDeclaredConstructor(types);
            canonical.setAccessible(true);
            return canonical.newInstance(absent);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(record.getName() + " must accept every parameter absent (the schema checks "
                    + "required ones): its constructor threw " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + record.getName() + " to read its defaults", e);
        }
    }

    private static Object valueOf(RecordComponent component, Object built) {
        try {
            component.getAccessor().setAccessible(true);
            return component.getAccessor().invoke(built);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + component, e);
        }
    }

    private static Object zeroOf(Class<?> type) {
        if (!type.isPrimitive()) {
            return null;
        }
        if (type == boolean.class) {
            return false;
        }
        if (type == char.class) {
            return '\0';
        }
        if (type == double.class || type == float.class) {
            return type == double.class ? (Object) 0.0 : (Object) 0f;
        }
        return type == long.class ? (Object) 0L : type == int.class ? (Object) 0 : type == short.class
                ? (Object) (short) 0 : (Object) (byte) 0;
    }
}
