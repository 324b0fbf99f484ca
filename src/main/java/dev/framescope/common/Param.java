package dev.framescope.common;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Describes one tool parameter on a component of a tool's input record. The server generates the tool's JSON input
 * schema from these annotations, so the record and its schema cannot drift. A default is said once, in the record's
 * compact constructor ({@code limit = limit == null ? 50 : limit;}): the schema's {@code default} is what that
 * constructor makes of an absent parameter, found by building the record with every component absent.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface Param {

    /** What the parameter changes, its unit, and when to set it. */
    String value();

    boolean required() default false;

    /**
     * The parameter this one's default follows (e.g. {@code "check"}: each check has its own size), which the
     * description explains; the schema then gives no {@code default}, since the one the constructor makes of an
     * absent parameter holds for one case only. Empty: the default, if any, is the same in every call.
     */
    String defaultDependsOn() default "";

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
