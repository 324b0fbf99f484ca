package dev.framescope.common;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Describes one tool parameter on a component of a tool's input record. The server generates the tool's JSON input
 * schema from these annotations, so the record and its schema cannot drift. Defaults are applied by the record's
 * compact constructor; {@link #defaultValue()} only documents them in the schema and must agree (a test checks).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface Param {

    /** What the parameter changes, its unit, and when to set it. */
    String value();

    boolean required() default false;

    /** Default as JSON text ({@code "1"}, {@code "\"json\""}, {@code "true"}); empty means no default. */
    String defaultValue() default "";

    /** Inclusive minimum for numbers; NaN means none. */
    double min() default Double.NaN;

    /** Inclusive maximum for numbers; NaN means none. */
    double max() default Double.NaN;

    /** Maximum length for strings and arrays; -1 means none. */
    int maxLength() default -1;

    /**
     * A string parameter that also takes a JSON integer (resource ids: {@code 26} and {@code "26"} name the same
     * resource); the handler receives the integer's decimal text.
     */
    boolean alsoInteger() default false;
}
