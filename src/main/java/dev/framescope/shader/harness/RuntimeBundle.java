package dev.framescope.shader.harness;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The page tool calls load: the runtime's ES modules joined into one classic script inlined in one small HTML file.
 * Every tool call gets a fresh browser context, so its page loads the runtime from nothing; as modules that is the
 * HTML, then three modules, then their imports, each a request and a round of parsing (~0.1 s of wall time per
 * page on the 2-core VM, and one routed round trip per file for a remote browser). One inline script is one
 * response. The modules stay the source (the page a person opens still imports them); each becomes a
 * function scope returning its exports, so their top-level names cannot clash.
 *
 * <p>Only the forms the runtime uses are understood: {@code import { a, b } from './x.js';}, {@code export function
 * / async function / const / let / class name}, and {@code export { a, b } from './x.js';}. Anything else that
 * starts with {@code import} or {@code export} fails the build of the bundle, so a new form is noticed at once
 * rather than shipped half-translated.
 */
final class RuntimeBundle {

    /** The modules whose exports make up {@code window.framescope}, as the page's index.html merges them. */
    static final List<String> EXPOSED = List.of("compile.js", "render.js", "passes.js");

    private static final Pattern IMPORT = Pattern.compile(
            "^import \\{([^}]*)\\} from '\\./([\\w-]+\\.js)';[ \\t]*$", Pattern.MULTILINE);
    private static final Pattern RE_EXPORT = Pattern.compile(
            "^export \\{([^}]*)\\} from '\\./([\\w-]+\\.js)';[ \\t]*$", Pattern.MULTILINE);
    private static final Pattern EXPORT_DECLARATION = Pattern.compile(
            "^export ((?:async )?function\\*? |const |let |class )([\\w$]+)", Pattern.MULTILINE);
    private static final Pattern LEFT_OVER = Pattern.compile("^(import|export)\\b.*$", Pattern.MULTILINE);

    private RuntimeBundle() {
    }

    /** The harness page's HTML with the runtime inlined, built from the modules packaged in the JAR. */
    static String html() {
        String script = script(RuntimeBundle::resource);
        if (script.toLowerCase(Locale.ROOT).contains("</script")) {
            throw new IllegalStateException("a runtime module contains '</script', which would end the inline script");
        }
        return "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>FrameScope shader runtime"
                + "</title></head><body><script>\n"
                + script + "</script></body></html>\n";
    }

    /** The classic script: each module reachable from {@link #EXPOSED} once, dependencies first. */
    static String script(Function<String, String> source) {
        Map<String, String> ordered = new LinkedHashMap<>();
        for (String module : EXPOSED) {
            visit(module, source, ordered, new LinkedHashSet<>());
        }
        StringBuilder out = new StringBuilder("(() => {\n");
        ordered.forEach((module, body) -> out.append(body));
        out.append("window.framescope = Object.assign({}, ")
                .append(String.join(", ", EXPOSED.stream().map(RuntimeBundle::variable).toList()))
                .append(");\n})();\n");
        return out.toString();
    }

    private static void visit(String module, Function<String, String> source,
            Map<String, String> ordered, Set<String> path) {
        if (ordered.containsKey(module)) {
            return;
        }
        if (!path.add(module)) {
            throw new IllegalStateException("runtime modules import each other in a cycle: " + path);
        }
        String text = source.apply(module);
        if (text == null) {
            throw new IllegalStateException("runtime module " + module + " is not packaged");
        }
        for (Matcher m = IMPORT.matcher(text); m.find(); ) {
            visit(m.group(2), source, ordered, path);
        }
        for (Matcher m = RE_EXPORT.matcher(text); m.find(); ) {
            visit(m.group(2), source, ordered, path);
        }
        path.remove(module);
        ordered.put(module, scope(module, text));
    }

    /** {@code const __runtime_x = (() => { 'use strict'; …body…; return { exports }; })();} */
    private static String scope(String module, String text) {
        List<String> exports = new ArrayList<>();
        Matcher imports = IMPORT.matcher(text);
        text = imports.replaceAll(m -> Matcher.quoteReplacement(
                "const { " + destructure(m.group(1)) + " } = " + variable(m.group(2)) + ";"));
        Matcher reExports = RE_EXPORT.matcher(text);
        text = reExports.replaceAll(m -> {
            for (String name : names(m.group(1))) {
                String[] asName = name.split("\\s+as\\s+");
                exports.add(asName[asName.length - 1] + ": " + variable(m.group(2)) + "." + asName[0]);
            }
            return "";
        });
        Matcher declarations = EXPORT_DECLARATION.matcher(text);
        text = declarations.replaceAll(m -> {
            exports.add(m.group(2));
            return Matcher.quoteReplacement(m.group(1) + m.group(2));
        });
        Matcher leftOver = LEFT_OVER.matcher(text);
        if (leftOver.find()) {
            throw new IllegalStateException("runtime module " + module + ": cannot inline '" + leftOver.group() + "'");
        }
        return "const " + variable(module) + " = (() => {\n'use strict';\n" + text + "\nreturn { "
                + String.join(", ", exports) + " };\n})();\n";
    }

    /** {@code a, b as c} → {@code a, b: c}. */
    private static String destructure(String list) {
        return String.join(", ", names(list).stream().map(n -> n.replaceFirst("\\s+as\\s+", ": ")).toList());
    }

    private static List<String> names(String list) {
        return Arrays.stream(list.split(",")).map(String::trim).filter(n -> !n.isEmpty()).toList();
    }

    private static String variable(String module) {
        return "__runtime_" + module.replace(".js", "").replaceAll("\\W", "_");
    }

    private static String resource(String module) {
        try (InputStream in = RuntimeBundle.class.getResourceAsStream(PageServer.RESOURCE_ROOT + "/runtime/" + module)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
